'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { EmptyState } from '@/components/common/EmptyState';
import { REVISION_ACTION_LABELS } from '@/lib/revisions/actions';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { formatSeconds } from './format-time';
import type { RevisionSchema } from './revision-fields';
import type { RevisionRows } from './use-revision-panel';

const MAX_NAMED = 5;

/** What a revision changed, by field title: 标题、正文 and 3 more at most five names. */
const changedText = ({ schema, revision }: { schema: RevisionSchema; revision: RevisionSummary }) => {
  const keys = revision.changed;
  if (revision.action === 'create') return '创建了这条内容';
  if (keys.length === 0) return '无字段改动';
  const titles = keys.map(schema.titleOf);
  const named = titles.slice(0, MAX_NAMED).join('、');
  return titles.length > MAX_NAMED ? `改动：${named} 等 ${titles.length} 项` : `改动：${named}`;
};

export const revisionName = (revision: Pick<RevisionSummary, 'rev' | 'action'>) =>
  `第 ${revision.rev} 版 · ${REVISION_ACTION_LABELS[revision.action] ?? revision.action}`;

/** The item's revisions, newest first and paged; the chosen one is marked. */
export function RevisionList({
  schema,
  list,
  selected,
  onSelect,
}: {
  schema: RevisionSchema;
  list: RevisionRows;
  selected: number | null;
  onSelect: (revision: RevisionSummary) => void;
}) {
  if (list.hasFailed && list.rows.length === 0)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={list.reload}>
            重试
          </Button>
        }
      >
        历史版本加载失败
      </Alert>
    );
  if (list.isLoading && list.rows.length === 0)
    return (
      <Box role="status" aria-busy="true" aria-label="历史版本加载中" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} variant="rounded" height={64} />
        ))}
      </Box>
    );
  if (list.rows.length === 0)
    return (
      <EmptyState
        icon={<HistoryRounded />}
        title="还没有历史版本"
        description="保存、锁定、移动等改动后，这里会记下每一版。"
      />
    );
  const pages = Math.ceil(list.total / list.limit);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
        共 {list.total} 个版本
      </Typography>
      <List aria-label="历史版本" disablePadding sx={{ opacity: list.isLoading ? 0.6 : 1 }}>
        {list.rows.map((revision, index) => {
          const isNewest = list.page === 1 && index === 0;
          return (
            <li key={revision.rev}>
              <ListItemButton
                selected={revision.rev === selected}
                aria-current={revision.rev === selected ? 'true' : undefined}
                onClick={() => onSelect(revision)}
                data-rev={revision.rev}
                sx={{ display: 'block', borderRadius: 1, mb: 0.5, border: 1, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {revisionName(revision)}
                  </Typography>
                  {isNewest && <Chip label="当前" size="small" color="primary" variant="outlined" />}
                </Box>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {revision.user_name || '（未知用户）'} · {formatSeconds(revision.time)}
                </Typography>
                <Typography
                  variant="caption"
                  component="p"
                  sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                >
                  {changedText({ schema, revision })}
                </Typography>
              </ListItemButton>
            </li>
          );
        })}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={list.page}
          onChange={(_, page) => list.setPage(page)}
          size="small"
          siblingCount={0}
          aria-label="历史版本分页"
        />
      )}
    </Box>
  );
}
