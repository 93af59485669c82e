'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { clearErrorLog, type ErrorLogEntry } from '@/lib/client/error-log-store';

type ErrorLogDialogProps = { isOpen: boolean; entries: readonly ErrorLogEntry[]; onClose: () => void };

export function ErrorLogDialog({ isOpen, entries, onClose }: ErrorLogDialogProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="error-log-title">
      <DialogTitle id="error-log-title">错误日志</DialogTitle>
      <DialogContent dividers>
        {entries.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>暂无错误</Typography>
        ) : (
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>信息</TableCell>
                <TableCell sx={{ width: '20%' }}>位置</TableCell>
                <TableCell>堆栈</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...entries].reverse().map((entry) => (
                <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
                      {entry.message}
                    </Typography>
                    <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                      {dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Typography variant="body2">{entry.info || '—'}</Typography>
                    <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                      {entry.url}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography
                      component="pre"
                      variant="caption"
                      sx={{
                        m: 0,
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-all',
                        maxHeight: 200,
                        overflow: 'auto',
                      }}
                    >
                      {entry.stack || '—'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => clearErrorLog()} disabled={entries.length === 0}>
          清空全部
        </Button>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
