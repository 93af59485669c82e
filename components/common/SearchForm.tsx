'use client';

import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';

type SearchFormProps = {
  /** The form's accessible name (it is a search landmark). */
  label: string;
  onSearch: () => void;
  onReset: () => void;
  /** Buttons after 搜索 and 重置 (操作日志's 导出). */
  actions?: ReactNode;
  /** The boxes to search by. */
  children: ReactNode;
};

/**
 * A list's search form: its boxes, then 搜索 and 重置. A real form with a submit button, so Enter
 * in a box searches. On a phone every box takes a row of its own.
 */
export function SearchForm({ label, onSearch, onReset, actions, children }: SearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={submit}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        // Below 600 px the boxes stack, one full-width row each (a range: its two rows).
        [theme.breakpoints.down('sm')]: {
          '& > .MuiFormControl-root, & > [role="group"]': { width: '100%', minWidth: 0 },
        },
      })}
    >
      {children}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchRounded />}>
          搜索
        </Button>
        <Button
          type="button"
          variant="outlined"
          color="inherit"
          sx={{ borderColor: 'divider' }}
          startIcon={<RestartAltRounded />}
          onClick={onReset}
        >
          重置
        </Button>
        {actions}
      </Box>
    </Box>
  );
}
