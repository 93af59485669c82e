'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { ClassTreeNode } from './category-types';
import { findNode, listWithDepth, subtreeIds } from './class-tree';

type ParentClassSelectProps = {
  tree: readonly ClassTreeNode[];
  /** 0: top level. */
  value: number;
  /** The category being edited: neither it nor its descendants can be its parent. */
  selfId?: number;
  onChange: (parentId: number) => void;
};

/** 上级栏目: the tree, indented, with the edited category's own subtree disabled. */
export function ParentClassSelect({ tree, value, selfId, onChange }: ParentClassSelectProps) {
  const options = useMemo(() => listWithDepth({ nodes: tree }), [tree]);
  const blocked = useMemo(() => {
    const self = selfId ? findNode({ nodes: tree, id: selfId }) : null;
    return self ? subtreeIds({ node: self }) : new Set<number>();
  }, [tree, selfId]);

  return (
    <TextField
      select
      label="上级栏目"
      fullWidth
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      helperText={
        selfId ? '不能选择自己或自己的子栏目；更换上级后排在新位置的末尾' : '新栏目排在同级栏目的末尾'
      }
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      <MenuItem value={0}>（顶级栏目）</MenuItem>
      {options.map(({ node, depth }) => (
        <MenuItem key={node.id} value={node.id} disabled={blocked.has(node.id)} sx={{ pl: 2 + depth * 2.5 }}>
          {depth > 0 ? '└ ' : ''}
          {node.name}
          {blocked.has(node.id) && node.id === selfId ? '（当前栏目）' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
