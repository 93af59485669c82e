'use client';

import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@/components/common/EmptyState';
import { useSession } from '@/components/layout/session-context';
import { CLASS_TYPE_LABELS, type ClassType } from '@/lib/categories/class-types';
import { flattenViewRoutes } from '@/lib/routes/match';
import type { ViewProps } from './view-props';

/** /NewsManage: an index of the categories this user can open, or a pointer to 栏目管理. */
export function NewsManageView({ route }: ViewProps) {
  const { routes } = useSession();
  const self = routes.find((item) => item.path === route.path);
  const categories = flattenViewRoutes({ routes: self?.children ?? [] });

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h1" variant="h6">
          内容管理
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          选择一个栏目管理其内容，左侧菜单中也可直接进入。
        </Typography>
        {categories.length === 0 ? (
          <EmptyState
            icon={<CategoryOutlined />}
            title="还没有可管理的栏目"
            description="请先在「栏目管理」中新增栏目并设为显示。"
            action={
              <Button variant="outlined" href="/class/list">
                前往栏目管理
              </Button>
            }
          />
        ) : (
          <Grid container spacing={2} component="ul" aria-label="栏目" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {categories.map(({ route: item, titles }) => (
              <Grid key={item.path} component="li" size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    href={item.path}
                    sx={{
                      height: '100%',
                      p: 2,
                      display: 'flex',
                      alignItems: 'flex-start',
                      justifyContent: 'flex-start',
                      gap: 1.5,
                    }}
                  >
                    <FolderOutlined color="primary" />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }} noWrap>
                        {titles.join(' / ')}
                      </Typography>
                      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }} noWrap>
                        {item.path}
                      </Typography>
                      {item.category && (
                        <Chip
                          size="small"
                          variant="outlined"
                          sx={{ mt: 1 }}
                          label={
                            CLASS_TYPE_LABELS[item.category.classType as ClassType] ?? item.category.classType
                          }
                        />
                      )}
                    </Box>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
