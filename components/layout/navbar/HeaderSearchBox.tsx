'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { RouteSearchItem } from '@/lib/client/route-search';
import { useRouteSearch } from './use-route-search';

/**
 * The header search's input and results, loaded when the search first opens (with fuse.js, and
 * pinyin-pro's dictionary right after it, see useRouteSearch).
 */
export function HeaderSearchBox({
  onChoose,
  onClose,
}: {
  onChoose: (item: RouteSearchItem) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const search = useRouteSearch({ isEnabled: true });
  const results = useMemo(() => (search ? search({ query }) : []), [search, query]);
  const close = () => {
    setQuery('');
    onClose();
  };

  return (
    <Autocomplete<RouteSearchItem>
      size="small"
      sx={{ width: 210 }}
      options={results}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.path === value.path}
      value={null}
      inputValue={query}
      onInputChange={(_, value, reason) => reason !== 'reset' && setQuery(value)}
      onChange={(_, item) => item && onChoose(item)}
      onBlur={close}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      open={query.trim().length > 0}
      loading={!search}
      loadingText="加载中…"
      noOptionsText="没有匹配的菜单"
      autoHighlight
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
        >
          <Typography variant="body2">{option.label}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {option.path}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          autoFocus
          placeholder="搜索菜单"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': '输入菜单名称或拼音' },
          }}
        />
      )}
    />
  );
}
