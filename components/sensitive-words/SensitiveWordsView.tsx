'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { EmptyState } from '@/components/common/EmptyState';
import { SearchForm } from '@/components/common/SearchForm';
import { ViewLoading } from '@/components/common/ViewLoading';
import { formatCount } from '@/components/news/format-count';
import { useConfirm } from '@/components/news/use-confirm';
import { levelLabel } from '@/components/sensitive/hit-text';
import {
  SENSITIVE_LEVELS,
  SENSITIVE_LIST_LABELS,
  SENSITIVE_LISTS,
  type SensitiveLevel,
  type SensitiveList,
} from '@/lib/sensitive/levels';
import { SensitiveImportDialog } from './SensitiveImportDialog';
import { SensitiveWordCards } from './SensitiveWordCards';
import { SensitiveWordDialog, type WordDialogTarget } from './SensitiveWordDialog';
import { SensitiveWordTable } from './SensitiveWordTable';
import {
  NO_FILTERS,
  useSensitiveWords,
  type SensitiveWordsState,
  type WordFilters,
} from './use-sensitive-words';

const PHONE = '(max-width:599.95px)';

const LIST_HINTS: Record<SensitiveList, string> = {
  deny: '保存内容（标题、简介、正文的文字、各字段、单页与流程记录）时按这些词语检查：禁止的不能保存，提醒的需要确认，替换的自动替换。本系统不自带词库。',
  allow: '白名单中的词语覆盖到的文字不算命中：例如白名单有「最佳实践」，其中的「最佳」就不再命中敏感词。',
};

function WordSearch({ words }: { words: SensitiveWordsState }) {
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

function WordToolbar({
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

/** /system/sensitive 敏感词: the deny list and the allow list (tabs), search, 新增 / 编辑 / 删除, 导入, 导出. */
export function SensitiveWordsView() {
  const id = useId();
  const isPhone = useMediaQuery(PHONE);
  const { confirm, dialog } = useConfirm();
  const words = useSensitiveWords({ confirm });
  const [editing, setEditing] = useState<WordDialogTarget | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const list = words.query.list;
  const listName = SENSITIVE_LIST_LABELS[list];
  const isFirstLoad = words.isLoading && words.rows.length === 0 && !words.hasFailed;
  const Rows = isPhone ? SensitiveWordCards : SensitiveWordTable;
  const afterSave = () => {
    setEditing(null);
    words.reload();
  };

  let body;
  if (words.hasFailed && words.rows.length === 0) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={words.reload}>
            重试
          </Button>
        }
      >
        {listName}加载失败
      </Alert>
    );
  } else if (isFirstLoad) {
    body = <ViewLoading label={`正在加载${listName}…`} />;
  } else if (words.rows.length === 0) {
    body = words.isFiltered ? (
      <EmptyState
        icon={<ManageSearchRounded />}
        title="没有符合条件的词语"
        description="换个词语或级别再试试。"
        action={
          <Button variant="outlined" onClick={() => words.search(NO_FILTERS)}>
            清除筛选
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<GppMaybeOutlined />}
        title={list === 'deny' ? '还没有敏感词' : '白名单是空的'}
        description={
          list === 'deny'
            ? '逐个新增，或导入一个 .txt / .csv 词表（每行一个词语）。添加后，保存内容时立即开始检查。'
            : '敏感词误伤了正常用语时，把正常用语加到这里，例如「最佳实践」。'
        }
        descriptionMaxWidth={460}
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<FileUploadOutlined />}
              onClick={() => setIsImportOpen(true)}
            >
              导入词表
            </Button>
            <Button
              variant="outlined"
              startIcon={<AddRounded />}
              onClick={() => setEditing({ list, row: null })}
            >
              新增
            </Button>
          </Box>
        }
      />
    );
  } else {
    body = (
      <Rows
        list={list}
        rows={words.rows}
        selected={words.selected}
        isLoading={words.isLoading}
        isBusy={words.isDeleting}
        onToggle={words.toggle}
        onToggleAll={words.toggleAll}
        onEdit={(row) => setEditing({ list, row })}
        onDelete={(rows) => void words.remove(rows)}
      />
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography component="h1" variant="h6" sx={{ fontWeight: 600 }}>
        敏感词
      </Typography>
      <Tabs
        value={list}
        onChange={(_event, next: SensitiveList) => words.showList(next)}
        aria-label="名单"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {SENSITIVE_LISTS.map((option) => (
          <Tab
            key={option}
            value={option}
            label={SENSITIVE_LIST_LABELS[option]}
            id={`${id}-tab-${option}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${list}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {LIST_HINTS[list]}
        </Typography>
        <WordSearch words={words} />
        <WordToolbar
          words={words}
          onAdd={() => setEditing({ list, row: null })}
          onImport={() => setIsImportOpen(true)}
        />
        {body}
        {words.total > 0 && (
          <TablePagination
            component="div"
            count={words.total}
            page={Math.max(0, words.page - 1)}
            rowsPerPage={words.limit}
            rowsPerPageOptions={[20, 50, 100]}
            onPageChange={(_event, page) => words.setPage(page + 1)}
            onRowsPerPageChange={(event) => words.changeLimit(Number(event.target.value))}
            aria-label={`${listName}分页`}
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
          />
        )}
      </Box>
      <SensitiveWordDialog target={editing} onClose={() => setEditing(null)} onSaved={afterSave} />
      <SensitiveImportDialog
        list={list}
        isOpen={isImportOpen}
        onClose={() => setIsImportOpen(false)}
        onImported={words.reload}
      />
      <ConfirmDialog {...dialog} />
    </Box>
  );
}
