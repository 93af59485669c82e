'use client';

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@/components/common/LazyTooltip';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useAppRouter } from '@/components/common/use-app-router';
import type { RouteSearchItem } from '@/lib/client/route-search';

// The input, fuse.js and pinyin-pro arrive when the search is first opened, not with the page.
const HeaderSearchBox = dynamic(() => import('./HeaderSearchBox').then((module) => module.HeaderSearchBox), {
  ssr: false,
});

/** Finds a page by title, pinyin (xitong / xtsz) or path, and opens it. */
export function HeaderSearch() {
  const router = useAppRouter();
  const [isOpen, setIsOpen] = useState(false);

  const close = () => setIsOpen(false);

  const choose = (item: RouteSearchItem) => {
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
      {isOpen && <HeaderSearchBox onChoose={choose} onClose={close} />}
    </Box>
  );
}
