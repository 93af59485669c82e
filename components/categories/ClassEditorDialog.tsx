'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ViewLoading } from '@/components/common/ViewLoading';
import type { ClassTreeNode } from './category-types';
import { ClassEditorPanel } from './ClassEditorPanel';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { editorTabs } from './editor-tabs';
import { SchemaChangeNotice } from './SchemaChangeNotice';
import type { ClassEditorState } from './use-class-editor';

type ClassEditorDialogProps = { editor: ClassEditorState; tree: readonly ClassTreeNode[] };

/** 新增 / 编辑栏目: tabs for the settings and schemas, what saving will change, and the check's message. */
export function ClassEditorDialog({ editor, tree }: ClassEditorDialogProps) {
  const { draft, check } = editor;
  const tabs = draft ? editorTabs({ classType: draft.class_type }) : [];
  // A type change can take away the open tab.
  const tab = tabs.some((item) => item.value === editor.tab) ? editor.tab : 'basic';
  const title = editor.isCreate ? '新增栏目' : `编辑栏目${editor.loaded ? `：${editor.loaded.name}` : ''}`;
  const problem = check && !check.ok && editor.hasTriedSave ? check.message : '';
  // Below 600 px the editor takes the whole screen, as the other form dialogs do.
  const isPhone = useMediaQuery('(max-width:599.95px)');

  return (
    <>
      <Dialog
        open={editor.isOpen}
        onClose={editor.requestClose}
        fullWidth
        fullScreen={isPhone}
        maxWidth="lg"
        aria-labelledby="class-editor-title"
        slotProps={{ paper: { sx: { height: { md: '88vh' } } } }}
      >
        <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {/* Only the title names the dialog; the unsaved marker beside it would change its name. */}
            <span id="class-editor-title">{title}</span>
            {editor.isDirty && (
              <Typography component="span" variant="caption" sx={{ ml: 1.5, color: 'warning.main' }}>
                有未保存的修改
              </Typography>
            )}
          </Box>
          <IconButton aria-label="关闭" onClick={editor.requestClose}>
            <CloseRounded />
          </IconButton>
        </DialogTitle>
        {draft && (
          <Tabs
            value={tab}
            onChange={(_, value) => editor.setTab(value)}
            aria-label="栏目设置"
            sx={{ px: 3, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
          >
            {tabs.map((item) => (
              <Tab
                key={item.value}
                value={item.value}
                label={item.label}
                id={`class-tab-${item.value}`}
                aria-controls="class-tab-panel"
                sx={{ minHeight: 40 }}
              />
            ))}
          </Tabs>
        )}
        <DialogContent
          id="class-tab-panel"
          role="tabpanel"
          aria-labelledby={`class-tab-${tab}`}
          sx={{ pt: '20px !important', bgcolor: 'background.subtle' }}
        >
          {draft ? (
            <ClassEditorPanel tab={tab} draft={draft} editor={editor} tree={tree} />
          ) : (
            <ViewLoading label="正在加载栏目设置…" />
          )}
        </DialogContent>
        {draft && (
          <Box
            sx={{
              px: 3,
              pt: 1.5,
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
              borderTop: 1,
              borderColor: 'divider',
              maxHeight: '26vh',
              overflowY: 'auto',
            }}
          >
            <SchemaChangeNotice changes={editor.changes} />
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            {!problem && editor.serverError && <Alert severity="error">保存失败：{editor.serverError}</Alert>}
          </Box>
        )}
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={editor.requestClose} disabled={editor.isSaving}>
            取消
          </Button>
          <Button
            variant="contained"
            startIcon={<SaveOutlined />}
            onClick={() => void editor.save()}
            loading={editor.isSaving}
            disabled={!draft}
          >
            保存
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        isOpen={editor.isClosePending}
        message="栏目设置有未保存的修改，关闭后这些修改将丢失。确定要关闭吗？"
        confirmText="放弃修改"
        cancelText="继续编辑"
        focus="cancel"
        onConfirm={editor.discard}
        onCancel={editor.keepEditing}
      />
    </>
  );
}
