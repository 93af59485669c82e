import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen or panel with nothing to show yet: a round icon, a title, what to do, and an optional
 * action (a button). `isPageHeading`: the title is the page's h1 (a view that is only this).
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  isPageHeading = false,
  descriptionMaxWidth,
  py = 6,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  action?: ReactNode;
  isPageHeading?: boolean;
  descriptionMaxWidth?: number;
  py?: number;
}) {
  return (
    <Box
      role={isPageHeading ? undefined : 'status'}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py,
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
          '& svg': { fontSize: 34 },
        }}
      >
        {icon}
      </Box>
      {isPageHeading ? (
        <Typography component="h1" variant="h6">
          {title}
        </Typography>
      ) : (
        <Typography variant="subtitle1" component="p">
          {title}
        </Typography>
      )}
      <Typography
        variant={isPageHeading ? 'body1' : 'body2'}
        sx={{ color: 'text.secondary', maxWidth: descriptionMaxWidth }}
      >
        {description}
      </Typography>
      {action}
    </Box>
  );
}
