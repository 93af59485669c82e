'use client';

import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { AppLink } from '@/components/common/AppLink';
import { useSession } from '@/components/layout/session-context';
import { roleLabel } from './RoleSelect';

/** Who I am: avatar, name, username, roles, introduction, and the way to 修改密码. */
export function MyProfileCard() {
  const { user } = useSession();
  const displayName = user.name || user.username;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Avatar
          src={user.avatar || undefined}
          alt={displayName}
          variant="rounded"
          sx={{ width: 72, height: 72, fontSize: 28 }}
        >
          {displayName.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: '1 1 200px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Typography variant="h6" component="h1">
            {displayName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            用户名：{user.username}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {user.roles.map((role) => (
              <Chip key={role} size="small" label={roleLabel(role)} />
            ))}
          </Box>
          {user.introduction && <Typography variant="body2">{user.introduction}</Typography>}
          <Typography variant="body2">
            <AppLink href="/myinfo/changepwd">修改密码</AppLink>
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
