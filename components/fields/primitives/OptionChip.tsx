'use client';

import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';

type OptionChipProps = Omit<ChipProps, 'color'> & { optionColor?: string };

/** A chip in the option's own colour (text in black or white, whichever reads), grey without one. */
export function OptionChip({ optionColor, sx, ...props }: OptionChipProps) {
  const theme = useTheme();
  const colorSx = optionColor
    ? {
        bgcolor: optionColor,
        color: theme.palette.getContrastText(optionColor),
        '& .MuiChip-deleteIcon': { color: 'inherit', opacity: 0.7 },
      }
    : {};
  return <Chip size="small" {...props} sx={[colorSx, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]} />;
}
