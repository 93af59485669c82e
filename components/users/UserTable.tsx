'use client';

import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/fields/relative-time';
import type { UserRow } from '@/lib/users/schemas';
import { roleLabel } from './RoleSelect';

type UserTableProps = {
  rows: readonly UserRow[];
  isLoading: boolean;
  isSelf: (user: UserRow) => boolean;
  onEdit: (user: UserRow) => void;
  onToggle: (user: UserRow) => void;
  onReset: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
};

const HEADERS = ['用户', '角色', '栏目权限', '启用', '最近登录', '创建时间', '操作'];

export function UserTable({ rows, isLoading, isSelf, onEdit, onToggle, onReset, onDelete }: UserTableProps) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="管理员用户" aria-busy={isLoading} sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                  <Avatar
                    src={user.avatar || undefined}
                    alt={user.name}
                    variant="rounded"
                    sx={{ width: 36, height: 36 }}
                  >
                    {(user.name || user.username).slice(0, 1)}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
                      {user.name}
                      {isSelf(user) && (
                        <Chip
                          label="我"
                          size="small"
                          color="primary"
                          variant="outlined"
                          sx={{ ml: 0.75, height: 18 }}
                        />
                      )}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                      {user.username}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 240 }}>
                  {user.roles.map((role) => (
                    <Chip
                      key={role}
                      size="small"
                      label={roleLabel(role)}
                      color={role === 'admin' ? 'warning' : 'default'}
                    />
                  ))}
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {user.class_ids.length ? `${user.class_ids.length} 个栏目` : '全部栏目'}
              </TableCell>
              <TableCell>
                <Switch
                  size="small"
                  checked={!user.is_disabled}
                  disabled={isSelf(user)}
                  onChange={() => onToggle(user)}
                  slotProps={{
                    input: { 'aria-label': `${user.is_disabled ? '启用' : '停用'} ${user.username}` },
                  }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {user.last_login_at ? (
                  <>
                    <Typography variant="body2">{formatDateTime({ time: user.last_login_at })}</Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {user.last_login_ip}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    从未登录
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime({ time: user.created_at })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onEdit(user)} aria-label={`编辑 ${user.username}`}>
                  编辑
                </Button>
                <Button
                  size="small"
                  onClick={() => onReset(user)}
                  disabled={isSelf(user)}
                  aria-label={`重置密码 ${user.username}`}
                >
                  重置密码
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onDelete(user)}
                  disabled={isSelf(user)}
                  aria-label={`删除 ${user.username}`}
                >
                  删除
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                没有找到用户
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
