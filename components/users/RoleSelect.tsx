'use client';

import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Box from '@mui/material/Box';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/auth/roles';

type RoleSelectProps = {
  value: string[];
  onChange: (roles: string[]) => void;
  error?: string;
  id?: string;
  label?: string;
  hint?: string;
  isRequired?: boolean;
  /** Roles the signed-in user may grant (those it holds; null = all, for an admin). The server
   * checks the same rule (lib/users/role-boundaries.ts); roles in `kept` stay selectable. */
  grantable?: readonly string[] | null;
  /** The roles the user being edited has now: keeping or removing them grants nothing. */
  kept?: readonly string[];
};

export const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** 角色: a multi-select with the Chinese labels, chosen roles shown as chips. */
export function RoleSelect({
  value,
  onChange,
  error,
  id = 'user-roles',
  label = '角色',
  hint = '超级管理员拥有全部权限',
  isRequired = true,
  grantable = null,
  kept = [],
}: RoleSelectProps) {
  const mayGrant = (role: Role) => !grantable || grantable.includes(role) || kept.includes(role);
  // 超级管理员 is not offered at all to someone who cannot grant it.
  const offered = ROLES.filter((role) => role !== 'admin' || mayGrant(role));
  return (
    <FormControl fullWidth required={isRequired} error={Boolean(error)}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        value={value}
        onChange={(event) => onChange(([] as string[]).concat(event.target.value))}
        input={<OutlinedInput label={label} />}
        renderValue={(selected) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {selected.map((role) => (
              <Chip key={role} size="small" label={roleLabel(role)} />
            ))}
          </Box>
        )}
      >
        {offered.map((role) => (
          <MenuItem key={role} value={role} disabled={!mayGrant(role)}>
            <Checkbox size="small" checked={value.includes(role)} />
            <ListItemText
              primary={ROLE_LABELS[role]}
              secondary={
                role === 'admin' ? '拥有全部权限' : mayGrant(role) ? undefined : '你没有此角色，不能授予'
              }
            />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{error ?? hint}</FormHelperText>
    </FormControl>
  );
}
