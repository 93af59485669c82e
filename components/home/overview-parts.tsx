'use client';

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { AppLink } from '@/components/common/AppLink';
import { useSession } from '@/components/layout/session-context';
import type { HomeChange, HomeClass } from '@/lib/home/home-types';
import { REVISION_ACTION_LABELS } from '@/lib/revisions/actions';
import { flattenViewRoutes } from '@/lib/routes/match';
import { StepBars } from './StepBars';

// The home overview's rows and figures (HomeOverviewPanel.tsx lays them out).

export const count = (value: number) => value.toLocaleString('zh-CN');

/** A category's menu path and its titles (「新闻中心 / 通知」) by category id, from the routes. */
export const useCategoryPaths = () => {
  const { routes } = useSession();
  return useMemo(() => {
    const paths = new Map<number, { path: string; title: string }>();
    for (const { route, titles } of flattenViewRoutes({ routes })) {
      if (route.category)
        paths.set(route.category.classId, { path: route.path, title: titles.slice(1).join(' / ') });
    }
    return paths;
  }, [routes]);
};

export function Stat({ label, value, action }: { label: string; value: string; action?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: 24, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
}

export function CategoryRow({ item, path }: { item: HomeClass; path?: { path: string; title: string } }) {
  const name = path?.title || item.name;
  return (
    <Box
      component="li"
      data-class-id={item.id}
      sx={{ py: 1.25, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 10em', minWidth: 0 }}>
          {path ? (
            <Link
              component={AppLink}
              href={path.path}
              underline="hover"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {name}
            </Link>
          ) : (
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          共 {count(item.total)} 条 · 7 天内更新 {count(item.changed_7d)} 条
        </Typography>
      </Box>
      {item.steps && (
        <Box sx={{ mt: 1, maxWidth: 520 }}>
          <StepBars steps={item.steps} label={`「${name}」各流程步骤的内容数`} />
        </Box>
      )}
    </Box>
  );
}

export function ChangeRow({ change, path }: { change: HomeChange; path?: string }) {
  const secondary = `${REVISION_ACTION_LABELS[change.action] ?? change.action} · ${change.user_name || '系统'} · ${dayjs
    .unix(change.time)
    .format('MM-DD HH:mm')}`;
  const text = (
    <ListItemText
      primary={change.title || '（无标题）'}
      secondary={change.open_class_id === null ? `${secondary} · 已在回收站` : secondary}
      slotProps={{
        primary: { noWrap: true, title: change.title },
        secondary: { noWrap: true },
      }}
    />
  );
  // The link in a list item of its own: a list holds only <li> (axe: list).
  return path && change.open_class_id !== null ? (
    <ListItem disablePadding>
      <ListItemButton
        component={AppLink}
        href={`${path}?edit=${change.news_id}`}
        sx={{ px: 1, borderRadius: 1 }}
      >
        {text}
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem sx={{ px: 1 }}>{text}</ListItem>
  );
}
