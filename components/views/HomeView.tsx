'use client';

import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { HomeOverviewPanel } from '@/components/home/HomeOverviewPanel';
import { useSession } from '@/components/layout/session-context';
import { RouteIcon } from '@/components/layout/RouteIcon';
import { hasAnyRole, ROLE_LABELS, type Role } from '@/lib/auth/roles';
import { flattenViewRoutes } from '@/lib/routes/match';
import { HOME_PATH } from '@/lib/routes/table';

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/**
 * Welcome dashboard: who is signed in, for an editor (内容管理) the overview of their categories,
 * and the modules they can open.
 */
export function HomeView() {
  const { user, routes } = useSession();
  // Top-level modules only: the categories under 内容管理 can be many and have their own index there.
  const modules = flattenViewRoutes({ routes }).filter(
    ({ route, titles }) => titles.length === 1 && route.path !== HOME_PATH && route.view !== 'logout',
  );
  const displayName = user.name || user.username;
  const isEditor = hasAnyRole({ roles: user.roles, required: ['news_content'] });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
          <Avatar
            src={user.avatar || undefined}
            alt={displayName}
            sx={{ width: 64, height: 64, fontSize: 28, bgcolor: 'primary.main' }}
          >
            {displayName.slice(0, 1)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              欢迎回来，{displayName}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
              {user.introduction || '祝您工作顺利。'}
            </Typography>
          </Box>
          <Box role="group" aria-label="我的角色" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {user.roles.map((role) => (
              <Chip key={role} label={roleLabel(role)} color="primary" variant="outlined" />
            ))}
          </Box>
        </CardContent>
      </Card>

      {isEditor && (
        <Box component="section" aria-labelledby="home-overview-title">
          <Typography
            id="home-overview-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, mb: 1.5 }}
          >
            内容概览
          </Typography>
          <HomeOverviewPanel />
        </Box>
      )}

      <Box component="section" aria-labelledby="home-modules-title">
        <Typography
          id="home-modules-title"
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, mb: 1.5 }}
        >
          我可以使用的模块
        </Typography>
        {modules.length === 0 ? (
          <Card variant="outlined">
            <CardContent sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
              暂无可用模块，请联系管理员分配权限。
            </CardContent>
          </Card>
        ) : (
          <Grid container spacing={2}>
            {modules.map(({ route, titles }) => (
              <Grid key={route.path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    href={route.path}
                    sx={{ height: '100%', p: 2, display: 'flex', justifyContent: 'flex-start', gap: 2 }}
                  >
                    <Box
                      sx={{
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        flexShrink: 0,
                      }}
                    >
                      <RouteIcon name={route.icon} />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }} noWrap>
                        {titles.join(' / ')}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="div">
                        {route.path}
                      </Typography>
                    </Box>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Box>
  );
}
