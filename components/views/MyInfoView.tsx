'use client';

import Box from '@mui/material/Box';
import { MyProfileCard } from '@/components/users/MyProfileCard';
import { MySessionsCard } from '@/components/users/MySessionsCard';
import { TwoFactorCard } from '@/components/two-factor/TwoFactorCard';

/** 个人中心: my profile, two-factor sign-in and my live sessions. */
export function MyInfoView() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }}>
      <MyProfileCard />
      <TwoFactorCard />
      <MySessionsCard />
    </Box>
  );
}
