'use client';

import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { loadLayoutSettings, useLayoutSettings } from '@/components/layout/settings-store';
import { createAppTheme } from './app-theme';
import { useUiSize } from './ui-size-context';

/** The MUI theme from the chosen theme colour (localStorage) and size (cookie). */
export function ThemeRegistry({ children }: { children: ReactNode }) {
  const { theme: primary } = useLayoutSettings();
  const { size } = useUiSize();
  useEffect(() => loadLayoutSettings(), []);
  const theme = useMemo(() => createAppTheme({ primary, size }), [primary, size]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles
        styles={{
          '#nprogress .bar': { background: theme.palette.primary.main, height: 2 },
          '#nprogress .peg': {
            boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 5px ${theme.palette.primary.main}`,
          },
        }}
      />
      {children}
    </ThemeProvider>
  );
}
