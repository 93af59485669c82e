'use client';

import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import { formatDateTime, relativeTime } from '@/lib/fields/relative-time';
import type { MySession } from '@/lib/users/schemas';
import { requestEndMySession, fetchMySessions } from '@/lib/client/api/users';

// Each part stays on one line (a narrow screen breaks between them, not inside a date).
const sessionDetails = (session: MySession) =>
  [
    session.ip || '未知 IP',
    `最近活动 ${relativeTime({ time: session.last_seen_at })}`,
    `登录于 ${formatDateTime({ time: session.created_at })}`,
  ].map((part, index) => (
    <Fragment key={part}>
      {index > 0 && ' · '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {part}
      </Box>
    </Fragment>
  ));

const LIMITS = [10, 20, 50, 100];

/**
 * 个人中心's 登录设备: my live sessions (at most 100), a page at a time, this one first and marked
 * 当前; any other can be ended.
 */
export function MySessionsCard() {
  const [sessions, setSessions] = useState<MySession[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(LIMITS[0]);
  const [endingId, setEndingId] = useState<number | null>(null);
  // Only the answer to the latest request is shown (paging quickly must not show an older page).
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = (latest.current += 1);
    try {
      const answer = await fetchMySessions({ page, limit });
      if (request !== latest.current) return;
      // The last page emptied (sessions ended or expired meanwhile): show the page before it.
      if (answer.data.length === 0 && page > 1) {
        setPage(Math.max(1, Math.ceil(answer.total / limit)));
        return;
      }
      setSessions(answer.data);
      setTotal(answer.total);
    } catch {
      // Shown by the API client.
    }
  }, [page, limit]);
  useEffect(() => {
    void load();
  }, [load]);

  const end = async (session: MySession) => {
    setEndingId(session.id);
    try {
      showSuccessMessage(await requestEndMySession(session.id));
    } catch {
      // Shown by the API client.
    } finally {
      setEndingId(null);
      await load();
    }
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="登录设备"
        subheader={`这些设备上的登录仍然有效${sessions === null ? '' : `（共 ${total} 个）`}。结束某个登录后，该设备需要重新登录；每个账号最多保留 100 个登录，超出时最久未使用的登录会被新的登录替换。`}
        slotProps={{ title: { component: 'h2', variant: 'subtitle1' } }}
        action={
          <Tooltip title="刷新">
            <IconButton aria-label="刷新登录设备" onClick={() => void load()}>
              <RefreshRounded />
            </IconButton>
          </Tooltip>
        }
      />
      <Divider />
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        {sessions === null ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>加载中…</Typography>
        ) : (
          <List aria-label="登录设备" disablePadding>
            {sessions.map((session, index) => (
              <ListItem
                key={session.id}
                divider={index < sessions.length - 1}
                secondaryAction={
                  session.is_current ? undefined : (
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      loading={endingId === session.id}
                      onClick={() => void end(session)}
                      aria-label={`结束 ${session.device} ${session.ip} 的登录`}
                    >
                      结束
                    </Button>
                  )
                }
                sx={{ pr: session.is_current ? 2 : 12 }}
              >
                <ListItemText
                  primary={
                    <>
                      <span title={session.user_agent}>{session.device}</span>
                      {session.is_current && (
                        <Chip label="当前" size="small" color="success" sx={{ ml: 1, height: 20 }} />
                      )}
                    </>
                  }
                  secondary={sessionDetails(session)}
                />
              </ListItem>
            ))}
          </List>
        )}
        {total > LIMITS[0] && (
          <>
            <Divider />
            <TablePagination
              component="div"
              count={total}
              page={Math.max(0, Math.min(page, Math.ceil(total / limit)) - 1)}
              rowsPerPage={limit}
              rowsPerPageOptions={LIMITS}
              onPageChange={(_event, next) => setPage(next + 1)}
              onRowsPerPageChange={(event) => {
                setLimit(Number(event.target.value));
                setPage(1);
              }}
              sx={{
                '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
                // A phone keeps the range and the arrows on one line; 每页行数 from 600 px up.
                '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
                  display: { xs: 'none', sm: 'inline-flex' },
                },
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
