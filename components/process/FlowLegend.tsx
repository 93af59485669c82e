import Box from '@mui/material/Box';

const ITEMS = [
  { label: '已完成', sx: { bgcolor: 'flow.doneFill', borderColor: 'success.main' } },
  { label: '进行中', sx: { bgcolor: 'flow.currentFill', borderColor: 'primary.main', borderWidth: 2 } },
  {
    label: '未开始',
    sx: { bgcolor: 'flow.pendingFill', borderColor: 'flow.pendingStroke', borderStyle: 'dashed' },
  },
];

/** What the box colours of an item's drawing mean. */
export function FlowLegend() {
  return (
    <Box component="ul" aria-label="图例" sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {ITEMS.map((item) => (
        <Box
          component="li"
          key={item.label}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2' }}
        >
          <Box aria-hidden sx={{ width: 18, height: 12, borderRadius: 0.5, border: 1, ...item.sx }} />
          {item.label}
        </Box>
      ))}
    </Box>
  );
}
