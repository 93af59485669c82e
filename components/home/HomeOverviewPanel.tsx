'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { AllBinButton } from '@/components/recycle/AllBinButton';
import { fetchHomeOverview } from '@/lib/client/api/home';
import type { HomeOverview } from '@/lib/home/home-types';
import { HomeSensitiveCard, sensitiveFigure } from './HomeSensitiveCard';
import { CategoryRow, ChangeRow, count, Stat, useCategoryPaths } from './overview-parts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: HomeOverview };

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
      <Box role="status" aria-busy="true" aria-label="正在加载内容概览" sx={{ display: 'grid', gap: 2 }}>
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
