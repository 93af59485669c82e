'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { useSession } from '@/components/layout/session-context';
import { showSuccessMessage } from '@/lib/client/api/core';
import type { UserRow } from '@/lib/users/schemas';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { requestDeleteUser, requestResetTwoFactor, requestSaveUser } from '@/lib/client/api/users';
import { UserFormDialog } from './UserFormDialog';
import { UserTable } from './UserTable';
import { useUserList } from './use-user-list';

/** 管理员用户: search, paging, 新增 / 编辑 / 删除, 启用/停用, 重置密码 and 重置两步验证. */
export function UserListView() {
  const { user: me } = useSession();
  const list = useUserList();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<UserRow | null>(null);
  const [isResettingTwoFactor, setIsResettingTwoFactor] = useState(false);
  const isSelf = (user: UserRow) => user.username.toLowerCase() === me.username.toLowerCase();
  // Someone else manages only users whose roles it holds all of, never an admin (the server's rule,
  // which also weighs categories: lib/users/role-boundaries.ts).
  const isLocked = (user: UserRow) =>
    !me.roles.includes('admin') && !user.roles.every((role) => role !== 'admin' && me.roles.includes(role));

  const openForm = (user: UserRow | null) => {
    setEditing(user);
    setIsFormOpen(true);
  };
  const toggle = async (user: UserRow) => {
    try {
      // Only the switch changes: what is left out stays as stored.
      const { id, username, name, roles } = user;
      await requestSaveUser({ id, username, name, roles, is_disabled: !user.is_disabled });
      showSuccessMessage({
        message: user.is_disabled ? `已启用 ${username}` : `已停用 ${username}，其登录已失效`,
      });
    } catch {
      // Shown by the API client.
    }
    list.reload();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      showSuccessMessage(await requestDeleteUser(deleting.id));
      setDeleting(null);
      list.reload();
    } catch {
      // Shown by the API client.
    } finally {
      setIsDeleting(false);
    }
  };

  const confirmResetTwoFactor = async () => {
    if (!resettingTwoFactor) return;
    setIsResettingTwoFactor(true);
    try {
      showSuccessMessage(await requestResetTwoFactor(resettingTwoFactor.id));
      setResettingTwoFactor(null);
      list.reload();
    } catch {
      // Shown by the API client.
    } finally {
      setIsResettingTwoFactor(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h1">
        管理员用户
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Box
          component="form"
          role="search"
          aria-label="搜索用户"
          onSubmit={(event) => {
            event.preventDefault();
            list.search(keyword);
          }}
          sx={{ display: 'flex', gap: 1, flex: '1 1 260px', maxWidth: 420 }}
        >
          <TextField
            size="small"
            label="用户名或姓名"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" startIcon={<SearchRounded />}>
            搜索
          </Button>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => openForm(null)}
          sx={{ ml: 'auto' }}
        >
          新增
        </Button>
      </Box>
      <UserTable
        rows={list.rows}
        isLoading={list.isLoading}
        isSelf={isSelf}
        isLocked={isLocked}
        onEdit={openForm}
        onToggle={(user) => void toggle(user)}
        onReset={setResetting}
        onResetTwoFactor={setResettingTwoFactor}
        onDelete={setDeleting}
      />
      <TablePagination
        component="div"
        count={list.total}
        page={Math.max(0, list.page - 1)}
        rowsPerPage={list.limit}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_event, page) => list.setPage(page + 1)}
        onRowsPerPageChange={(event) => list.changeLimit(Number(event.target.value))}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
      />
      <UserFormDialog
        isOpen={isFormOpen}
        user={editing}
        isSelf={Boolean(editing && isSelf(editing))}
        onClose={() => setIsFormOpen(false)}
        onSaved={() => {
          setIsFormOpen(false);
          list.reload();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        message={`确定删除用户「${deleting?.name || deleting?.username || ''}」吗？删除后该用户的登录立即失效。`}
        isBusy={isDeleting}
        focus="cancel"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        isOpen={Boolean(resettingTwoFactor)}
        title="重置两步验证"
        message={`确定重置「${resettingTwoFactor?.name || resettingTwoFactor?.username || ''}」的两步验证吗？其验证器和恢复码随即作废、登录立即失效，之后可只用密码登录并重新设置。`}
        isBusy={isResettingTwoFactor}
        focus="cancel"
        onConfirm={() => void confirmResetTwoFactor()}
        onCancel={() => setResettingTwoFactor(null)}
      />
    </Box>
  );
}
