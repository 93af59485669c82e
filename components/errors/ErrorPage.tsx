import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BackButton } from './BackButton';

type ErrorPageProps = { code: '404' | '401'; title: string; description: string };

/** The full-page look of /404, /401 and unmatched URLs. */
export function ErrorPage({ code, title, description }: ErrorPageProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 480 }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: 96, sm: 128 },
            fontWeight: 700,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.85,
          }}
        >
          {code}
        </Typography>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mt: 2 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>{description}</Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" href="/">
            返回首页
          </Button>
          <BackButton />
        </Box>
      </Box>
    </Box>
  );
}
