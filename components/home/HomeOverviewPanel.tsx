'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AppLink } from '@/components/common/AppLink';
import { useSession } from '@/components/layout/session-context';
import { AllBinButton } from '@/components/recycle/AllBinButton';
import { fetchHomeOverview } from '@/lib/client/api/home';
import type { HomeChange, HomeClass, HomeOverview } from '@/lib/home/home-types';
import { REVISION_ACTION_LABELS } from '@/lib/revisions/actions';
import { flattenViewRoutes } from '@/lib/routes/match';
import { HomeSensitiveCard, sensitiveFigure } from './HomeSensitiveCard';
import { StepBars } from './StepBars';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: HomeOverview };

const count = (value: number) => value.toLocaleString('zh-CN');

/** A category's menu path and its titles (「新闻中心 / 通知」) by category id, from the routes. */
const useCategoryPaths = () => {
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

function Stat({ label, value, action }: { label: string; value: string; action?: ReactNode }) {
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

function CategoryRow({ item, path }: { item: HomeClass; path?: { path: string; title: string } }) {
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

function ChangeRow({ change, path }: { change: HomeChange; path?: string }) {
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

/**
 * The 首页's 内容概览 (an editor's categories): totals, each category's items and changes of the
 * week, a process category's items per step, the latest changes (opening the item's 编辑 dialog),
 * the 回收站 and the 敏感词 the items hold (HomeSensitiveCard). One call, news_manage/get_home_overview.
 */
export function HomeOverviewPanel() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const paths = useCategoryPaths();
  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchHomeOverview().then(
      (data) => setState({ status: 'ready', data }),
      () => setState({ status: 'failed' }),
    );
  }, []);
  useEffect(load, [load]);
  // After a restore from the 回收站: the figures again, without the skeleton (the bin stays open).
  const refresh = useCallback(() => {
    fetchHomeOverview().then(
      (data) => setState({ status: 'ready', data }),
      () => {},
    );
  }, []);

  if (state.status === 'loading')
    return (
      <Box aria-busy="true" aria-label="正在加载内容概览" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={200} />
      </Box>
    );
  if (state.status === 'failed')
    return (
      <Card variant="outlined">
        <CardContent role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography sx={{ flex: 1 }}>内容概览加载失败。</Typography>
          <Button variant="outlined" onClick={load}>
            重试
          </Button>
        </CardContent>
      </Card>
    );

  const { classes, latest, recycle, sensitive } = state.data;
  const total = classes.reduce((sum, item) => sum + item.total, 0);
  const changed = classes.reduce((sum, item) => sum + item.changed_7d, 0);
  const words = sensitiveFigure(sensitive);
  const tile = { xs: 6, sm: 4, md: 'grow' } as const;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Grid container spacing={2}>
        <Grid size={tile}>
          <Stat label="栏目" value={count(classes.length)} />
        </Grid>
        <Grid size={tile}>
          <Stat label="内容" value={count(total)} />
        </Grid>
        <Grid size={tile}>
          <Stat label="7 天内更新" value={count(changed)} />
        </Grid>
        <Grid size={tile}>
          <Stat
            label="回收站"
            value={`${count(recycle.total)}${recycle.capped ? '+' : ''}`}
            action={<AllBinButton size="small" sx={{ ml: -0.75 }} onChanged={refresh} />}
          />
        </Grid>
        <Grid size={{ ...tile, xs: 12 }}>
          <Stat
            label="含敏感词"
            value={words.value}
            action={
              words.note && (
                <Typography
                  variant="body2"
                  sx={{ color: sensitive.has_words ? 'warning.main' : 'text.secondary' }}
                >
                  {words.note}
                </Typography>
              )
            }
          />
        </Grid>
      </Grid>
      <HomeSensitiveCard sensitive={sensitive} classes={classes} paths={paths} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card
            variant="outlined"
            component="section"
            aria-labelledby="home-classes-title"
            sx={{ height: '100%' }}
          >
            <CardContent>
              <Typography id="home-classes-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                栏目
              </Typography>
              {classes.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', py: 2 }}>暂无可管理的栏目。</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {classes.map((item) => (
                    <CategoryRow key={item.id} item={item} path={paths.get(item.id)} />
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card
            variant="outlined"
            component="section"
            aria-labelledby="home-latest-title"
            sx={{ height: '100%' }}
          >
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography
                  id="home-latest-title"
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600 }}
                >
                  最近修改
                </Typography>
                <Chip size="small" label={`最新 ${latest.length} 条`} variant="outlined" />
              </Box>
              {latest.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', py: 2 }}>还没有修改记录。</Typography>
              ) : (
                <List dense aria-labelledby="home-latest-title" sx={{ mx: -1 }}>
                  {latest.map((change) => (
                    <ChangeRow
                      key={`${change.news_id}-${change.rev}`}
                      change={change}
                      path={change.open_class_id === null ? undefined : paths.get(change.open_class_id)?.path}
                    />
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
