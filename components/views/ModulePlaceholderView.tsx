'use client';

import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ViewProps } from './view-props';

/** Stands in for a module whose screens arrive in a later issue. */
export function ModulePlaceholderView({ route }: ViewProps) {
  return (
    <Card variant="outlined">
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1.5,
          py: 8,
        }}
      >
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <ConstructionOutlined sx={{ fontSize: 34 }} />
        </Box>
        <Typography component="h1" variant="h6">
          {route.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>「{route.title}」模块正在建设中，敬请期待。</Typography>
      </CardContent>
    </Card>
  );
}
