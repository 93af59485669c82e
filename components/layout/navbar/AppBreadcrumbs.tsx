'use client';

import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AppLink } from '@/components/common/AppLink';
import { findRouteChain, redirectTarget } from '@/lib/routes/match';
import { HOME_PATH } from '@/lib/routes/table';
import type { AppRoute } from '@/lib/routes/types';
import { useSession } from '../session-context';
import { useActivePath } from '../use-active-path';

const HOME_CRUMB: AppRoute = { path: HOME_PATH, title: '首页', view: 'home' };

/** 首页 / … / the current page; ancestors with a page of their own are links. */
export function AppBreadcrumbs() {
  const { routes } = useSession();
  const activePath = useActivePath();
  const path = redirectTarget({ path: activePath }) ?? activePath;
  const chain = (findRouteChain({ routes, path }) ?? []).filter((route) => route.breadcrumb !== false);
  const crumbs = chain[0]?.path === HOME_PATH ? chain : [HOME_CRUMB, ...chain];

  return (
    <Breadcrumbs aria-label="面包屑导航" sx={{ ml: 1, fontSize: 14, display: { xs: 'none', sm: 'flex' } }}>
      {crumbs.map((route, index) => {
        const isLast = index === crumbs.length - 1;
        if (isLast || !route.view) {
          return (
            <Typography
              key={route.path}
              aria-current={isLast ? 'page' : undefined}
              sx={{ color: 'text.secondary', fontSize: 'inherit' }}
            >
              {route.title}
            </Typography>
          );
        }
        return (
          <Link
            key={route.path}
            component={AppLink}
            href={route.path}
            underline="hover"
            sx={{ color: 'text.primary', fontWeight: 600, fontSize: 'inherit' }}
          >
            {route.title}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
