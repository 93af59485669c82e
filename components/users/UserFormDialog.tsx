'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PictureWidget } from '@/components/fields/widgets/PictureWidget';
import { useSession } from '@/components/layout/session-context';
import { usePasswordRuleText } from '@/components/layout/site-settings-context';
import { blankFieldDefinition } from '@/lib/fields/definition';
import { USERNAME_RULE_TEXT, type UserRow } from '@/lib/users/schemas';
import { ClassRightsTree } from './ClassRightsTree';
import { RoleSelect } from './RoleSelect';
import { useUserForm } from './use-user-form';

const AVATAR_FIELD = blankFieldDefinition({ key: 'avatar', title: '头像', type: 'one_picture' });

type UserFormDialogProps = {
  isOpen: boolean;
  /** null: 新增. */
  user: UserRow | null;
  /** Editing oneself: no disabling (the server refuses it too). */
  isSelf: boolean;
  onClose: () => void;
  onSaved: () => void;
};

export function UserFormDialog({ isOpen, user, isSelf, onClose, onSaved }: UserFormDialogProps) {
  const passwordRule = usePasswordRuleText();
  const { user: me } = useSession();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { draft, errors, isSaving, classOptions, change, submit } = useUserForm({ user, isOpen, onSaved });
  const title = user ? '编辑用户' : '新增用户';

  return (
    <Dialog
      open={isOpen}
      onClose={() => !isSaving && onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={isNarrow}
      aria-labelledby="user-form-title"
    >
      <DialogTitle id="user-form-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="user-form"
          noValidate
          aria-label={title}
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 0.5 }}
        >
          <TextField
            label="用户名"
            required
            autoComplete="off"
            value={draft.username}
            onChange={(event) => change('username', event.target.value)}
            error={Boolean(errors.username)}
            helperText={errors.username ?? `${USERNAME_RULE_TEXT}；登录时不区分大小写`}
          />
          <TextField
            label="姓名"
            required
            value={draft.name}
            onChange={(event) => change('name', event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          {!user && (
            <TextField
              label="登录密码"
              type="password"
              required
              autoComplete="new-password"
              value={draft.password ?? ''}
              onChange={(event) => change('password', event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? passwordRule}
            />
          )}
          <RoleSelect
            value={draft.roles}
            onChange={(roles) => change('roles', roles)}
            error={errors.roles}
            grantable={me.roles.includes('admin') ? null : me.roles}
            kept={user?.roles ?? []}
          />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              栏目权限
            </Typography>
            <ClassRightsTree
              options={classOptions}
              value={draft.class_ids}
              onChange={(ids) => change('class_ids', ids)}
            />
          </Box>
          <PictureWidget
            field={AVATAR_FIELD}
            path="avatar"
            value={draft.avatar}
            onChange={(update) =>
              change('avatar', String(typeof update === 'function' ? update(draft.avatar) : (update ?? '')))
            }
          />
          <TextField
            label="简介"
            multiline
            minRows={2}
            value={draft.introduction}
            onChange={(event) => change('introduction', event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={!draft.is_disabled}
                disabled={isSelf}
                onChange={(event) => change('is_disabled', !event.target.checked)}
              />
            }
            label={draft.is_disabled ? '已停用' : '启用'}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          取消
        </Button>
        <Button type="submit" form="user-form" variant="contained" loading={isSaving}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
