'use client';

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { ClassOption } from '@/lib/users/schemas';

type ClassRightsTreeProps = {
  options: readonly ClassOption[];
  /** Chosen ids; a parent covers its children, none = every category. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  isDisabled?: boolean;
};

const idsBelow = (node: ClassOption): number[] =>
  node.children.flatMap((child) => [child.id, ...idsBelow(child)]);

/** Checkbox tree of categories. Choosing a parent takes its children along (shown ticked and locked). */
export function ClassRightsTree({ options, value, onChange, isDisabled = false }: ClassRightsTreeProps) {
  const chosen = new Set(value);
  const toggle = (node: ClassOption) => {
    if (chosen.has(node.id)) {
      onChange(value.filter((id) => id !== node.id));
      return;
    }
    const covered = new Set(idsBelow(node));
    onChange([...value.filter((id) => !covered.has(id)), node.id]);
  };
  const draw = (nodes: readonly ClassOption[], depth: number, isCovered: boolean) =>
    nodes.map((node) => (
      <Box key={node.id}>
        <FormControlLabel
          sx={{ ml: depth * 3, mr: 0, display: 'flex' }}
          label={node.name}
          control={
            <Checkbox
              size="small"
              checked={isCovered || chosen.has(node.id)}
              disabled={isDisabled || isCovered}
              onChange={() => toggle(node)}
            />
          }
        />
        {draw(node.children, depth + 1, isCovered || chosen.has(node.id))}
      </Box>
    ));

  return (
    <Box role="group" aria-label="栏目权限">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {value.length === 0 ? '未选择：可管理全部栏目' : `已选 ${value.length} 个栏目（含其下级栏目）`}
      </Typography>
      <Box
        sx={{
          maxHeight: 240,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          py: 0.5,
        }}
      >
        {options.length ? (
          draw(options, 0, false)
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
            暂无栏目
          </Typography>
        )}
      </Box>
    </Box>
  );
}
