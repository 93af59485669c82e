'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { EmptyState } from '@/components/common/EmptyState';
import { useSession } from '@/components/layout/session-context';
import { useSiteSettings } from '@/components/layout/site-settings-context';
import { MoveNewsDialog } from '@/components/news/MoveNewsDialog';
import { useConfirm } from '@/components/news/use-confirm';
import { hasAnyRole } from '@/lib/auth/roles';
import { RecycleBinToolbar } from './RecycleBinToolbar';
import { RecycleCards } from './RecycleCards';
import { RecycleTable } from './RecycleTable';
import { binNotice, keepText } from './recycle-text';
import { useRecycleBin } from './use-recycle-bin';

type RecycleBinDialogProps = {
  isOpen: boolean;
  /** One category's bin; none: every category the user may work in (with a 栏目 column). */
  classId?: number;
  name: string;
  onClose: () => void;
  onChanged: (change: { isRestore: boolean }) => void;
};

const PHONE = '(max-width:599.95px)';

/** What the bin shows while open: started afresh at each opening. */
function RecycleBinBody({
  classId,
  onChanged,
  isPhone,
}: Pick<RecycleBinDialogProps, 'classId' | 'onChanged'> & { isPhone: boolean }) {
  const { confirm, dialog } = useConfirm();
  const bin = useRecycleBin({ classId, confirm, onChanged });
  const { user } = useSession();
  const canPurge = hasAnyRole({ roles: user.roles, required: ['news_purge'] });
  const { recycle_days: days } = useSiteSettings();
  const { list } = bin;
  const Rows = isPhone ? RecycleCards : RecycleTable;
  const isSearching = list.query.title !== '';
  const handlers = {
    showClass: classId === undefined,
    canPurge,
    isBusy: bin.busy !== null,
    onRestore: bin.restore,
    onPurge: bin.purge,
  };
  return (
    <>
      <Alert severity="info" variant="outlined">
        {binNotice(days)}
      </Alert>
      <RecycleBinToolbar bin={bin} canPurge={canPurge} />
      <Box sx={{ position: 'relative', minHeight: 4 }}>
        {list.isLoading && (
          <LinearProgress
            aria-label="回收站加载中"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {list.hasFailed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={list.reload}>
                重试
              </Button>
            }
          >
            回收站加载失败
          </Alert>
        )}
        {!list.isLoading && !list.hasFailed && list.rows.length === 0 && (
          <EmptyState
            icon={<DeleteOutlineRounded />}
            title={isSearching ? '没有找到' : '回收站是空的'}
            description={
              isSearching
                ? `回收站中没有标题含「${list.query.title}」的内容。`
                : `${classId === undefined ? '' : '本栏目'}删除的内容会在这里${keepText(days)}，期间可以恢复。`
            }
          />
        )}
        {list.rows.length > 0 && (
          <Box sx={{ opacity: list.isLoading ? 0.6 : 1 }}>
            <Rows
              rows={list.rows}
              selected={bin.selected}
              onToggle={bin.toggle}
              onToggleAll={bin.toggleAll}
              {...handlers}
            />
          </Box>
        )}
      </Box>
      {list.total > 0 && (
        <TablePagination
          component="div"
          count={list.total}
          page={Math.max(0, list.page - 1)}
          rowsPerPage={list.limit}
          rowsPerPageOptions={[20, 50, 100]}
          onPageChange={(_event, page) => list.setPage(page + 1)}
          onRowsPerPageChange={(event) => list.changeLimit(Number(event.target.value))}
          aria-label="回收站分页"
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 },
          }}
        />
      )}
      <ConfirmDialog {...dialog} />
      {bin.pendingTarget && (
        <MoveNewsDialog
          isOpen
          count={bin.pendingTarget.gone.length}
          classId={0}
          classType={bin.pendingTarget.classType}
          onClose={bin.cancelTarget}
          onMove={({ classId: target }) => bin.restoreInto(target)}
          title="恢复到…"
          description={`${
            bin.pendingTarget.gone.length === 1
              ? `「${bin.pendingTarget.gone[0].title || `#${bin.pendingTarget.gone[0].id}`}」`
              : `${bin.pendingTarget.gone.length} 条内容`
          }原来的栏目已删除，请选择恢复到的栏目（仅列出相同类型的栏目）${
            bin.pendingTarget.live.length > 0 ? `；另外 ${bin.pendingTarget.live.length} 条回到原栏目` : ''
          }：`}
        />
      )}
    </>
  );
}

/** 回收站 of one category: its deleted items, 恢复 and (news_purge) 彻底删除, one or the selection. */
export function RecycleBinDialog({ isOpen, classId, name, onClose, onChanged }: RecycleBinDialogProps) {
  const id = useId();
  const isPhone = useMediaQuery(PHONE);
  const [isShown, setIsShown] = useState(isOpen);
  if (isOpen && !isShown) setIsShown(true);
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      scroll="paper"
      aria-labelledby={`${id}-title`}
      slotProps={{ transition: { onExited: () => setIsShown(false) } }}
    >
      {/* Its own id: MUI would give it the dialog's aria-labelledby, naming the dialog by all it holds. */}
      <DialogTitle
        id={`${id}-head`}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1.5, pr: 7 }}
      >
        <span id={`${id}-title`}>回收站</span>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {name}
        </Typography>
      </DialogTitle>
      <IconButton aria-label="关闭" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2, px: { xs: 2, sm: 3 } }}>
        {isShown && <RecycleBinBody classId={classId} onChanged={onChanged} isPhone={isPhone} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="outlined" color="inherit" sx={{ borderColor: 'divider' }} onClick={onClose}>
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
