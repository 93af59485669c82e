'use client';

import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import type { RouteSearchItem } from '@/lib/client/route-search';
import { useRouteSearch } from './use-route-search';

/** Finds a page by title, pinyin (xitong / xtsz) or path, and opens it. */
export function HeaderSearch() {
  const router = useAppRouter();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useRouteSearch({ isEnabled: isOpen });
  const results = useMemo(() => (search ? search({ query }) : []), [search, query]);

  const close = () => {
    setIsOpen(false);
    setQuery('');
  };

  const choose = (item: RouteSearchItem | null) => {
    if (!item) return;
    close();
    router.push(item.path);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title="搜索菜单">
        <IconButton
          aria-label="搜索菜单"
          aria-expanded={isOpen}
          onClick={() => (isOpen ? close() : setIsOpen(true))}
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {isOpen && (
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
          onChange={(_, item) => choose(item)}
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
      )}
    </Box>
  );
}
