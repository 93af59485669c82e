'use client';

import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import RestoreRounded from '@mui/icons-material/RestoreRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { EmptyState } from '@/components/common/EmptyState';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { ADDED_SX, REMOVED_SX } from './diff-styles';
import { FieldDiffView } from './FieldDiffView';
import { formatSeconds } from './format-time';
import type { RevisionSchema } from './revision-fields';
import { revisionName } from './RevisionList';
import type { DiffState } from './use-revision-diff';

type RevisionCompareProps = {
  schema: RevisionSchema;
  revision: RevisionSummary | null;
  state: DiffState;
  headingRef: Ref<HTMLHeadingElement>;
  isLocked: boolean;
  isReverting: boolean;
  onRetry: () => void;
  onBack: () => void;
  onRevert: () => void;
};

function Legend() {
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
      <Box component="span" sx={{ ...REMOVED_SX, px: 0.5 }}>
        红色删除线
      </Box>
      ：此版本有、当前没有；
      <Box component="span" sx={{ ...ADDED_SX, px: 0.5 }}>
        绿色下划线
      </Box>
      ：当前有、此版本没有
    </Typography>
  );
}

/** The chosen revision against the current state, field by field, and 恢复此版本. */
export function RevisionCompare({
  schema,
  revision,
  state,
  headingRef,
  isLocked,
  isReverting,
  onRetry,
  onBack,
  onRevert,
}: RevisionCompareProps) {
  if (!revision)
    return (
      <EmptyState
        icon={<CompareArrowsRounded />}
        title="选择一个版本"
        description="选择左侧的一个版本，查看它与当前内容的不同，并可以恢复到该版本。"
      />
    );
  const isSame = state.status === 'ready' && state.diff.length === 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Button
        startIcon={<ArrowBackRounded />}
        onClick={onBack}
        sx={{ alignSelf: 'flex-start', display: { md: 'none' } }}
      >
        返回版本列表
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography
            ref={headingRef}
            tabIndex={-1}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, outline: 'none' }}
          >
            {revisionName(revision)} 与当前内容比较
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {revision.user_name || '（未知用户）'} · {formatSeconds(revision.time)}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<RestoreRounded />}
          onClick={onRevert}
          loading={isReverting}
          loadingPosition="start"
          disabled={isLocked || state.status !== 'ready' || isSame}
        >
          恢复此版本
        </Button>
      </Box>
      {isLocked && <Alert severity="warning">该内容已锁定，解锁后才能恢复历史版本。</Alert>}
      <Divider />
      {state.status === 'loading' && (
        <Box role="status" aria-busy="true" aria-label="比较结果加载中" sx={{ display: 'grid', gap: 1.5 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      )}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              重试
            </Button>
          }
        >
          比较结果加载失败
        </Alert>
      )}
      {isSame && <Alert severity="info">此版本与当前内容相同，无需恢复。</Alert>}
      {state.status === 'ready' && state.diff.length > 0 && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box>
            <Typography variant="body2" component="p">
              有 {state.diff.length} 个字段不同
            </Typography>
            <Legend />
          </Box>
          {state.diff.map((entry) => (
            <FieldDiffView key={entry.key} schema={schema} entry={entry} />
          ))}
        </Box>
      )}
    </Box>
  );
}
