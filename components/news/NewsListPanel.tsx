'use client';

import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Box from '@mui/material/Box';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Button from '@mui/material/Button';
import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { NativeConfirm, orUnavailable } from '@/components/common/chunk-fallbacks';
import { useHydrated } from '@/components/common/use-hydrated';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { ProcessStatusBar } from '@/components/process/ProcessStatusBar';
import { useListProcess } from '@/components/process/use-list-process';
import { useBinCount } from '@/components/recycle/use-bin-count';
import { NewsSearchForm } from './NewsSearchForm';
import { NewsTable } from './NewsTable';
import { NewsToolbar } from './NewsToolbar';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem } from '@/lib/news/item-types';
import { useConfirm } from './use-confirm';
import { useNewsActions } from './use-news-actions';
import { useNewsColumns } from './use-news-columns';
import type { NewsFormTarget } from './use-news-form';
import { useNewsList } from './use-news-list';

// Loaded when first needed, not with the list: the 内容 dialog brings the field widgets (date
// pickers, uploads, and the rich-text editor after it), the process layer its dialogs and charts,
// the confirm dialog MUI's Dialog.
// A chunk that cannot be fetched leaves a stand-in (components/common/chunk-fallbacks.tsx).
const NewsFormDialog = dynamic(
  () =>
    orUnavailable(
      import('./NewsFormDialog').then((module) => module.NewsFormDialog),
      '内容表单',
    ),
  { ssr: false },
);
const MoveNewsDialog = dynamic(
  () =>
    orUnavailable(
      import('./MoveNewsDialog').then((module) => module.MoveNewsDialog),
      '移动对话框',
    ),
  { ssr: false },
);
const ConfirmDialog = dynamic(
  () =>
    import('@/components/common/ConfirmDialog')
      .then((module) => module.ConfirmDialog)
      .catch(() => NativeConfirm),
  { ssr: false },
);
const RecycleBinDialog = dynamic(
  () =>
    orUnavailable(
      import('@/components/recycle/RecycleBinDialog').then((module) => module.RecycleBinDialog),
      '回收站',
    ),
  { ssr: false },
);
const SensitiveScanDialog = dynamic(
  () =>
    orUnavailable(
      import('@/components/sensitive/SensitiveScanDialog').then((module) => module.SensitiveScanDialog),
      '敏感词检查',
    ),
  { ssr: false },
);
const NewsImportDialog = dynamic(
  () =>
    orUnavailable(
      import('./import/NewsImportDialog').then((module) => module.NewsImportDialog),
      '导入对话框',
    ),
  { ssr: false },
);
const ProcessLayer = dynamic(
  () => import('@/components/process/ProcessLayer').then((module) => module.ProcessLayer),
  { ssr: false },
);

/**
 * A list category's content (class_type 0/4/5): search, the paged table, its actions and the 内容
 * dialog; type 4/5 add the process status bar, the row's process buttons and their views.
 */
export function NewsListPanel({ info }: { info: ClassInfo }) {
  const list = useNewsList({ classId: info.id });
  const { confirm, dialog } = useConfirm();
  const { count: binCount, reload: reloadBin } = useBinCount({ classId: info.id });
  const actions = useNewsActions({ info, list, confirm, onDeleted: reloadBin });
  const [isBinOpen, setIsBinOpen] = useState(false);
  const hasBin = useHasBeenTrue(isBinOpen);
  const [formTarget, setFormTarget] = useState<NewsFormTarget | null>(null);
  const [isMoveOpen, setIsMoveOpen] = useState(false);
  const [isScanOpen, setIsScanOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const hasImport = useHasBeenTrue(isImportOpen);
  const hasScan = useHasBeenTrue(isScanOpen);
  const { refresh } = list;
  const process = useListProcess({ info, total: list.total, refresh });
  const hasForm = useHasBeenTrue(formTarget !== null);
  // The dialog's chunk and the editor's (the base column 内容 is rich text) load side by side,
  // not one after the other when the dialog renders its editor.
  useEffect(() => {
    if (hasForm) void import('@/components/fields/editor/RichTextEditor');
  }, [hasForm]);
  const hasMove = useHasBeenTrue(isMoveOpen);
  const hasConfirm = useHasBeenTrue(dialog.isOpen);

  const edit = useCallback((row: NewsItem) => setFormTarget({ mode: 'edit', id: row.id }), []);
  const closeForm = useCallback(() => setFormTarget(null), []);
  const openScanned = useCallback((id: number) => setFormTarget({ mode: 'edit', id, isChecked: true }), []);
  // ?edit=<id> (the 首页's latest changes link so) opens that item's 编辑 dialog once, then leaves
  // the address; with &check=1 (the 首页's 敏感词) it runs 检测 too. ?scan=1 opens 敏感词检查.
  // Effects of a hidden (kept-alive) view do not run, so only the shown list answers.
  const params = useSearchParams();
  const editParam = params.get('edit');
  const isCheckParam = params.get('check') === '1';
  const isScanParam = params.get('scan') === '1';
  const pathname = usePathname();
  const router = useRouter();
  useEffect(() => {
    if (!editParam && !isScanParam) return;
    if (editParam && /^[1-9][0-9]{0,9}$/.test(editParam) && Number(editParam) <= 2_147_483_647)
      setFormTarget({ mode: 'edit', id: Number(editParam), ...(isCheckParam ? { isChecked: true } : {}) });
    else if (isScanParam) setIsScanOpen(true);
    router.replace(pathname, { scroll: false });
  }, [editParam, isCheckParam, isScanParam, pathname, router]);
  const afterBinChange = useCallback(
    ({ isRestore }: { isRestore: boolean }) => {
      reloadBin();
      if (isRestore) refresh();
    },
    [reloadBin, refresh],
  );
  const afterSave = useCallback(
    ({ isCreate }: { isCreate: boolean }) => refresh({ toFirstPage: isCreate }),
    [refresh],
  );
  const afterImport = useCallback(() => refresh({ toFirstPage: true }), [refresh]);
  const columns = useNewsColumns({
    info,
    handlers: {
      onEdit: edit,
      onToggleLock: actions.toggleLock,
      onDelete: actions.deleteOne,
      process: process.rowHandlers,
    },
  });

  // A list drawn on the server (its rows came with the page) is shown before React has taken it
  // over; until then its controls are disabled, so an early click is not silently lost.
  const isHydrated = useHydrated();

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`${info.name}内容列表`}
      aria-busy={isHydrated ? undefined : true}
    >
      <Box
        component="fieldset"
        disabled={!isHydrated}
        // MUI's selects are not form controls a fieldset disables: they wait the same way.
        sx={{ border: 0, p: 0, m: 0, minWidth: 0, '&:disabled [role="combobox"]': { pointerEvents: 'none' } }}
      >
        <Box sx={{ p: 2 }}>
          <NewsSearchForm info={info} list={list} />
        </Box>
        <Divider />
        <Box sx={{ px: 2, py: 1.5 }}>
          <NewsToolbar
            total={list.total}
            selectedCount={list.selectedIds.length}
            isExporting={actions.isExporting}
            onAdd={() => setFormTarget({ mode: 'create' })}
            onDeleteSelected={actions.deleteSelected}
            onMoveSelected={() => setIsMoveOpen(true)}
            onExport={actions.exportAll}
            onImport={() => setIsImportOpen(true)}
            binCount={binCount}
            onOpenBin={() => setIsBinOpen(true)}
            extra={
              <>
                <Button
                  variant="outlined"
                  startIcon={<GppMaybeOutlined />}
                  onClick={() => setIsScanOpen(true)}
                >
                  敏感词检查
                </Button>
                {process.hasChart && (
                  <Button
                    variant="outlined"
                    startIcon={<AccountTreeOutlined />}
                    onClick={process.panel.openOverview}
                  >
                    流程总览
                  </Button>
                )}
              </>
            }
          />
          {process.isProcess && (
            <Box sx={{ mt: 1.5 }}>
              <ProcessStatusBar
                statuses={process.statuses}
                selected={list.process}
                onSelect={list.setProcess}
              />
            </Box>
          )}
        </Box>
        <NewsTable list={list} columns={columns} label={`${info.name}内容`} />
        {hasForm && (
          <NewsFormDialog info={info} target={formTarget} onClose={closeForm} onSaved={afterSave} />
        )}
        {hasMove && (
          <MoveNewsDialog
            isOpen={isMoveOpen}
            count={list.selectedIds.length}
            classId={info.id}
            classType={info.class_type}
            onClose={() => setIsMoveOpen(false)}
            onMove={actions.moveSelected}
          />
        )}
        {hasBin && (
          <RecycleBinDialog
            isOpen={isBinOpen}
            classId={info.id}
            name={info.name}
            onClose={() => setIsBinOpen(false)}
            onChanged={afterBinChange}
          />
        )}
        {hasScan && (
          <SensitiveScanDialog
            isOpen={isScanOpen}
            classId={info.id}
            name={info.name}
            onClose={() => setIsScanOpen(false)}
            onOpenItem={openScanned}
          />
        )}
        {hasImport && (
          <NewsImportDialog
            isOpen={isImportOpen}
            classId={info.id}
            name={info.name}
            fields={info.content_fileds}
            onClose={() => setIsImportOpen(false)}
            onImported={afterImport}
          />
        )}
        {hasConfirm && <ConfirmDialog {...dialog} />}
        {process.isProcess && <ProcessLayer info={info} panel={process.panel} />}
      </Box>
    </Card>
  );
}
