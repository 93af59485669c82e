import Box from '@mui/material/Box';

/** The colour an option was given in the schema, as a small dot before its label. */
export function OptionDot({ color }: { color?: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: '50%',
        mr: 1,
        bgcolor: color || 'grey.400',
        verticalAlign: 'middle',
      }}
    />
  );
}
