'use client';

import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppLink } from '@/components/common/AppLink';
import { HOME_PATH } from '@/lib/routes/table';
import { useSession } from '../session-context';

export function AvatarMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const displayName = user.name || user.username;

  return (
    <>
      <ButtonBase
        // The visible name is part of the accessible one (WCAG 2.5.3).
        aria-label={`${displayName} 用户菜单`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'avatar-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          ml: 1,
          px: 1,
          height: 50,
          gap: 0.75,
          borderRadius: 1,
          '&:hover': { backgroundColor: 'action.hover' },
        }}
      >
        <Avatar
          src={user.avatar || undefined}
          alt={displayName}
          variant="rounded"
          sx={{ width: 32, height: 32, fontSize: 15, bgcolor: 'primary.main' }}
        >
          {/* The initial is drawn by CSS, not written: the button's visible text is then the name
              alone, which its accessible name contains (WCAG 2.5.3, label in name). */}
          <Box
            component="span"
            aria-hidden
            sx={{ '&::after': { content: JSON.stringify(displayName.slice(0, 1)) } }}
          />
        </Avatar>
        <Typography variant="body2" noWrap sx={{ maxWidth: 120, display: { xs: 'none', md: 'block' } }}>
          {displayName}
        </Typography>
        <ArrowDropDown fontSize="small" />
      </ButtonBase>
      <Menu
        id="avatar-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={AppLink} href={HOME_PATH} onClick={close}>
          首页
        </MenuItem>
        <MenuItem component={AppLink} href="/myinfo/index" onClick={close}>
          个人中心
        </MenuItem>
        <MenuItem component={AppLink} href="/myinfo/changepwd" onClick={close}>
          修改密码
        </MenuItem>
        <Divider />
        <MenuItem component={AppLink} href="/logout" onClick={close}>
          退出登录
        </MenuItem>
      </Menu>
    </>
  );
}
