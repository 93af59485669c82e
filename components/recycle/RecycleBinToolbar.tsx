'use client';

import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { RecycleBinState } from './use-recycle-bin';

/** Search by title, and 恢复 / 彻底删除 of the selection. */
export function RecycleBinToolbar({ bin, canPurge }: { bin: RecycleBinState; canPurge: boolean }) {
  const [title, setTitle] = useState('');
  const count = bin.selected.length;
  const suffix = count > 0 ? ` (${count})` : '';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box
        component="form"
        role="search"
        aria-label="搜索回收站"
        onSubmit={(event) => {
          event.preventDefault();
          bin.search(title);
        }}
        sx={{ display: 'flex', gap: 1, flex: '1 1 240px', minWidth: 0 }}
      >
        <TextField
          label="标题"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          size="small"
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="outlined" startIcon={<SearchRounded />}>
          搜索
        </Button>
      </Box>
      <Box role="toolbar" aria-label="回收站操作" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<RestoreFromTrashOutlined />}
          disabled={count === 0 || bin.busy !== null}
          loading={bin.busy === 'restore'}
          loadingPosition="start"
          onClick={() => bin.restore(bin.selected)}
        >
          恢复{suffix}
        </Button>
        {canPurge && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            disabled={count === 0 || bin.busy !== null}
            loading={bin.busy === 'purge'}
            loadingPosition="start"
            onClick={() => bin.purge(bin.selected)}
          >
            彻底删除{suffix}
          </Button>
        )}
      </Box>
    </Box>
  );
}
