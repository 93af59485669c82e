'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SearchForm } from '@/components/common/SearchForm';
import { formatCount } from '@/components/news/format-count';
import { levelLabel } from '@/components/sensitive/hit-text';
import { SENSITIVE_LEVELS, SENSITIVE_LIST_LABELS, type SensitiveLevel } from '@/lib/sensitive/levels';
import { NO_FILTERS, type SensitiveWordsState, type WordFilters } from './use-sensitive-words';

// The 敏感词 page's controls above its table (SensitiveWordsView.tsx).

/** The search of a list: 词语, and in the deny list 级别; the tabs reset it. */
export function WordSearch({ words }: { words: SensitiveWordsState }) {
  const [filters, setFilters] = useState<WordFilters>(NO_FILTERS);
  // The boxes start empty for each list (the tabs reset the filters).
  const [list, setList] = useState(words.query.list);
  if (list !== words.query.list) {
    setList(words.query.list);
    setFilters(NO_FILTERS);
  }
  const isDeny = words.query.list === 'deny';
  return (
    <SearchForm
      label={`搜索${SENSITIVE_LIST_LABELS[words.query.list]}`}
      onSearch={() => words.search(filters)}
      onReset={() => {
        setFilters(NO_FILTERS);
        words.search(NO_FILTERS);
      }}
    >
      <TextField
        size="small"
        label="词语"
        value={filters.word}
        onChange={(event) => setFilters((current) => ({ ...current, word: event.target.value }))}
        sx={{ flex: '1 1 200px', maxWidth: { sm: 280 } }}
      />
      {isDeny && (
        <TextField
          select
          size="small"
          label="级别"
          value={filters.level}
          onChange={(event) =>
            setFilters((current) => ({ ...current, level: event.target.value as SensitiveLevel | '' }))
          }
          sx={{ flex: '0 1 140px', minWidth: 120 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">全部</MenuItem>
          {SENSITIVE_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {levelLabel(level)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </SearchForm>
  );
}

/** 新增 · 批量删除 · 导入 · 导出 and the count of the list shown. */
export function WordToolbar({
  words,
  onAdd,
  onImport,
}: {
  words: SensitiveWordsState;
  onAdd: () => void;
  onImport: () => void;
}) {
  const count = words.selected.length;
  return (
    <Box
      role="toolbar"
      aria-label="词语操作"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd}>
        新增
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineRounded />}
        onClick={() => void words.remove(words.selected)}
        disabled={count === 0 || words.isDeleting}
      >
        批量删除{count > 0 ? ` (${count})` : ''}
      </Button>
      <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={onImport}>
        导入
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => void words.exportList()}
        loading={words.isExporting}
        loadingPosition="start"
      >
        导出
      </Button>
      <Typography
        variant="body2"
        component="p"
        aria-live="polite"
        sx={{ ml: 'auto', color: 'text.secondary' }}
      >
        共 {formatCount(words.total)} 个{count > 0 ? `，已选 ${count} 个` : ''}
      </Typography>
    </Box>
  );
}
