'use client';

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import PhonelinkEraseRounded from '@mui/icons-material/PhonelinkEraseRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RowMoreMenu } from '@/components/common/RowMoreMenu';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import { formatDateTime } from '@/lib/fields/relative-time';
import type { UserRow } from '@/lib/users/schemas';
import { roleLabel } from './RoleSelect';

type UserTableProps = {
  rows: readonly UserRow[];
  isLoading: boolean;
  isSelf: (user: UserRow) => boolean;
  /** A row the signed-in user may not manage (an admin, seen by a non-admin): no actions. */
  isLocked: (user: UserRow) => boolean;
  onEdit: (user: UserRow) => void;
  onToggle: (user: UserRow) => void;
  onReset: (user: UserRow) => void;
  onResetTwoFactor: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
};

const HEADERS = ['用户', '角色', '栏目权限', '启用', '最近登录', '创建时间', '操作'];
/** On a phone: the roles and rights go under the name, the times are left out, 编辑 is an icon. */
const NARROW_HEADERS = ['用户', '启用', '操作'];

const rightsText = (user: UserRow) =>
  user.class_ids.length ? `${user.class_ids.length} 个栏目` : '全部栏目';

export function UserTable({
  rows,
  isLoading,
  isSelf,
  isLocked,
  onEdit,
  onToggle,
  onReset,
  onResetTwoFactor,
  onDelete,
}: UserTableProps) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'));
  const headers = isNarrow ? NARROW_HEADERS : HEADERS;
  const isOff = (user: UserRow) => isSelf(user) || isLocked(user);
  const actions = (user: UserRow) => [
    { label: '编辑', icon: <EditOutlined fontSize="small" />, onClick: onEdit, isOff: isLocked(user) },
    {
      label: '重置密码',
      icon: <LockResetRounded fontSize="small" />,
      onClick: onReset,
      isOff: isOff(user),
    },
    ...(user.two_factor
      ? [
          {
            label: '重置两步验证',
            icon: <PhonelinkEraseRounded fontSize="small" />,
            onClick: onResetTwoFactor,
            isOff: isOff(user),
          },
        ]
      : []),
    {
      label: '删除',
      icon: <DeleteOutlineRounded fontSize="small" />,
      onClick: onDelete,
      isOff: isOff(user),
    },
  ];
  return (
    <ScrollTableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table
        size="small"
        aria-label="管理员用户"
        aria-busy={isLoading}
        sx={isNarrow ? { '& .MuiTableCell-root': { px: 1 } } : { minWidth: 880 }}
      >
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell
                key={header}
                className={header === '操作' ? STICKY_ACTIONS : undefined}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
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
                    <Typography variant="body2" component="div" sx={{ fontWeight: 500 }} noWrap>
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
                    <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} noWrap>
                      {user.username}
                      {user.two_factor && (
                        <Chip
                          label="两步验证"
                          size="small"
                          color="success"
                          variant="outlined"
                          sx={{ ml: 0.75, height: 18, fontSize: 11 }}
                        />
                      )}
                    </Typography>
                    {isNarrow && (
                      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                        {user.roles.map(roleLabel).join('、')} · {rightsText(user)}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </TableCell>
              {!isNarrow && (
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
              )}
              {!isNarrow && <TableCell sx={{ whiteSpace: 'nowrap' }}>{rightsText(user)}</TableCell>}
              <TableCell>
                <Switch
                  size="small"
                  checked={!user.is_disabled}
                  disabled={isOff(user)}
                  onChange={() => onToggle(user)}
                  slotProps={{
                    input: { 'aria-label': `${user.is_disabled ? '启用' : '停用'} ${user.username}` },
                  }}
                />
              </TableCell>
              {!isNarrow && (
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
              )}
              {!isNarrow && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime({ time: user.created_at })}
                </TableCell>
              )}
              <TableCell className={STICKY_ACTIONS} sx={{ whiteSpace: 'nowrap' }}>
                {isNarrow ? (
                  <IconButton
                    size="small"
                    disabled={isLocked(user)}
                    onClick={() => onEdit(user)}
                    aria-label={`编辑 ${user.username}`}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                ) : (
                  <Button
                    size="small"
                    onClick={() => onEdit(user)}
                    disabled={isLocked(user)}
                    aria-label={`编辑 ${user.username}`}
                  >
                    编辑
                  </Button>
                )}
                <RowMoreMenu
                  name={`更多操作 ${user.username}`}
                  actions={actions(user)
                    .filter((action) => action.label !== '编辑')
                    .map((action) => ({
                      label: action.label,
                      name: `${action.label} ${user.username}`,
                      icon: action.icon,
                      onClick: () => action.onClick(user),
                      isDanger: action.label === '删除',
                      disabled: action.isOff,
                    }))}
                />
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={headers.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                没有找到用户
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </ScrollTableContainer>
  );
}
