'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FieldWidgetProps } from '../field-props';
import { newGroupRow } from '../form/record-values';
import { FieldFrame } from '../primitives/FieldFrame';
import { asRows } from '../primitives/read-value';
import { GroupRow } from './GroupRow';
import { useRowKeys } from './use-row-keys';

// The registry's cap when the field sets no max (lib/fields/types/group.ts).
const MAX_ROWS = 200;

/** child_info: a repeatable group; every row holds the nested fields and is validated like a record. */
export function ChildInfoWidget({ field, path, value, onChange, error, isDisabled }: FieldWidgetProps) {
  const rows = asRows(value);
  const limit = field.max || MAX_ROWS;
  const rowKeys = useRowKeys({ count: rows.length });

  const add = () => {
    rowKeys.add();
    onChange((previous: unknown) => [...asRows(previous), newGroupRow({ field })]);
  };
  const remove = (index: number) => {
    rowKeys.remove(index);
    onChange((previous: unknown) => asRows(previous).filter((_, at) => at !== index));
  };
  const move = (from: number, to: number) => {
    rowKeys.move(from, to);
    onChange((previous: unknown) => {
      const next = [...asRows(previous)];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });
  };

  return (
    <FieldFrame field={field} path={path} error={error} hint={field.max ? `最多 ${field.max} 行` : undefined}>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          还没有内容，点击「添加一行」开始填写
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((_, index) => (
            <GroupRow
              key={rowKeys.keys[index]}
              field={field}
              path={path}
              index={index}
              count={rows.length}
              isDisabled={isDisabled}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </Box>
      )}
      <Button
        variant="outlined"
        startIcon={<AddRounded />}
        onClick={add}
        disabled={isDisabled || rows.length >= limit}
        sx={{ alignSelf: 'flex-start', mt: 1.5 }}
      >
        添加一行
      </Button>
    </FieldFrame>
  );
}
