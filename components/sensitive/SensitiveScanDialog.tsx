'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { EmptyState } from '@/components/common/EmptyState';
import { formatCount } from '@/components/news/format-count';
import type { SensitiveScanItem } from '@/lib/client/api/sensitive';
import { SENSITIVE_LEVELS } from '@/lib/sensitive/levels';
import { LEVEL_COLORS, levelLabel } from './hit-text';
import { SensitiveHitList } from './SensitiveHitList';
import { useSensitiveScan, type SensitiveScanState } from './use-sensitive-scan';

const PHONE = '(max-width:599.95px)';
/** Hits shown per item; the rest are counted (the item's 检测 lists them all). */
const HITS_SHOWN = 5;

type SensitiveScanDialogProps = {
  isOpen: boolean;
  classId: number;
  name: string;
  onClose: () => void;
  /** Opens the item in the 内容 dialog (over this one). */
  onOpenItem: (id: number) => void;
};

const itemTitle = (item: SensitiveScanItem) => item.title || `#${item.id}`;

function ScanItem({ item, onOpen }: { item: SensitiveScanItem; onOpen: () => void }) {
  const headId = useId();
  const counts = SENSITIVE_LEVELS.map(
    (level) => [level, item.hits.filter((hit) => hit.level === level).length] as const,
  ).filter(([, count]) => count > 0);
  const rest = item.hits.length - HITS_SHOWN;
  return (
    <Box
      component="li"
      aria-labelledby={headId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography
          id={headId}
          component="h3"
          variant="subtitle2"
          sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {itemTitle(item)}
        </Typography>
        {counts.map(([level, count]) => (
          <Chip
            key={level}
            size="small"
            color={LEVEL_COLORS[level]}
            label={`${levelLabel(level)} ${count}`}
          />
        ))}
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlined />}
          onClick={onOpen}
          aria-label={`打开「${itemTitle(item)}」`}
        >
          打开
        </Button>
      </Box>
      <SensitiveHitList
        hits={item.hits.slice(0, HITS_SHOWN)}
        label={`「${itemTitle(item)}」的敏感词`}
        dense
      />
      {rest > 0 && (
        <Typography variant="caption" component="p" sx={{ px: 1.5, pb: 1, color: 'text.secondary' }}>
          另有 {rest} 处，打开后点「检测」可看全部。
        </Typography>
      )}
    </Box>
  );
}

function ScanProgress({ scan }: { scan: SensitiveScanState }) {
  const percent = scan.total > 0 ? Math.min(100, (scan.scanned / scan.total) * 100) : 0;
  const isRunning = scan.status === 'running';
  const text =
    scan.status === 'done'
      ? `检查完成：共 ${formatCount(scan.scanned)} 条，${formatCount(scan.items.length)} 条含敏感词`
      : `已检查 ${formatCount(scan.scanned)} / ${formatCount(scan.total)} 条，${formatCount(scan.items.length)} 条含敏感词${
          scan.status === 'paused' ? '（已暂停）' : ''
        }`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" component="p" role="status" sx={{ flex: '1 1 240px' }}>
          {text}
        </Typography>
        {isRunning && (
          <Button size="small" variant="outlined" color="inherit" onClick={scan.stop}>
            暂停
          </Button>
        )}
        {(scan.status === 'paused' || scan.status === 'failed') && (
          <Button size="small" variant="contained" onClick={scan.resume}>
            {scan.status === 'failed' ? '重试' : '继续检查'}
          </Button>
        )}
        {scan.status === 'done' && (
          <Button size="small" variant="outlined" onClick={scan.start}>
            重新检查
          </Button>
        )}
      </Box>
      <LinearProgress
        variant={isRunning && scan.total === 0 ? 'indeterminate' : 'determinate'}
        value={scan.status === 'done' ? 100 : percent}
        aria-label="检查进度"
      />
    </Box>
  );
}

/**
 * 敏感词检查 of a category: its items checked against the word lists page after page, those with hits
 * listed as they are found (title, counts by level, the first hits with their context), each opening
 * the item. Full screen on a phone.
 */
export function SensitiveScanDialog({
  isOpen,
  classId,
  name,
  onClose,
  onOpenItem,
}: SensitiveScanDialogProps) {
  const id = useId();
  const isPhone = useMediaQuery(PHONE);
  const scan = useSensitiveScan({ classId, isOpen });
  const isEmpty = scan.items.length === 0;
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      scroll="paper"
      aria-labelledby={`${id}-title`}
    >
      {/* Its own id: MUI would give it the dialog's aria-labelledby, naming the dialog by all it holds. */}
      <DialogTitle
        id={`${id}-head`}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1.5, pr: 7 }}
      >
        <span id={`${id}-title`}>敏感词检查</span>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {name}
        </Typography>
      </DialogTitle>
      <IconButton aria-label="关闭" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2, px: { xs: 2, sm: 3 } }}>
        {scan.isWordListEmpty ? (
          <Alert severity="info">
            敏感词表还是空的，没有可检查的词语。请先在「系统设置 → 敏感词」中添加或导入词语。
          </Alert>
        ) : (
          <ScanProgress scan={scan} />
        )}
        {isEmpty && scan.status === 'done' && !scan.isWordListEmpty && (
          <EmptyState
            icon={<VerifiedOutlined />}
            title={scan.total === 0 ? '本栏目还没有内容' : '没有发现敏感词'}
            description={
              scan.total === 0
                ? '添加内容后可以再来检查。'
                : `本栏目的 ${formatCount(scan.scanned)} 条内容都没有命中敏感词表。`
            }
          />
        )}
        {!isEmpty && (
          <Box
            component="ol"
            aria-label="含敏感词的内容"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {scan.items.map((item) => (
              <ScanItem key={item.id} item={item} onOpen={() => onOpenItem(item.id)} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="outlined" color="inherit" sx={{ borderColor: 'divider' }} onClick={onClose}>
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
