'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import ManageSearchRounded from '@mui/icons-material/ManageSearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { EmptyState } from '@/components/common/EmptyState';
import { ViewLoading } from '@/components/common/ViewLoading';
import { useConfirm } from '@/components/news/use-confirm';
import { SENSITIVE_LIST_LABELS, SENSITIVE_LISTS, type SensitiveList } from '@/lib/sensitive/levels';
import { SensitiveImportDialog } from './SensitiveImportDialog';
import { SensitiveWordCards } from './SensitiveWordCards';
import { SensitiveWordDialog, type WordDialogTarget } from './SensitiveWordDialog';
import { SensitiveWordTable } from './SensitiveWordTable';
import { NO_FILTERS, useSensitiveWords } from './use-sensitive-words';
import { WordSearch, WordToolbar } from './WordListControls';

const PHONE = '(max-width:599.95px)';

const LIST_HINTS: Record<SensitiveList, string> = {
  deny: '保存内容（标题、简介、正文的文字、各字段、单页与流程记录）时按这些词语检查：禁止的不能保存，提醒的需要确认，替换的自动替换。本系统不自带词库。',
  allow: '白名单中的词语覆盖到的文字不算命中：例如白名单有「最佳实践」，其中的「最佳」就不再命中敏感词。',
};

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
