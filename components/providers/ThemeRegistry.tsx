'use client';

import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { loadLayoutSettings, useLayoutSettings } from '@/components/layout/settings-store';
import { MODE_STORAGE_KEY, saveThemeShades } from '@/lib/client/color-scheme';
import { createAppTheme, themeShades } from './app-theme';
import { useUiSize } from './ui-size-context';

// The scheme's primary colour, as MUI's CSS variable: the progress bar follows light and dark.
const PRIMARY = 'var(--mui-palette-primary-main)';

/**
 * The MUI theme from the chosen theme colour (localStorage) and size (cookie). Light or dark is
 * MUI's own `mode` (localStorage `mui-mode`, default: follow the system), set in 布局设置.
 */
export function ThemeRegistry({ children }: { children: ReactNode }) {
  const { theme: primary } = useLayoutSettings();
  const { size } = useUiSize();
  useEffect(() => loadLayoutSettings(), []);
  const shades = useMemo(() => themeShades(primary), [primary]);
  const theme = useMemo(() => createAppTheme({ shades, size }), [shades, size]);
  // For the login page's first paint (it does not load MUI): the colour as drawn here.
  useEffect(() => saveThemeShades(shades), [shades]);
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={MODE_STORAGE_KEY}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      <GlobalStyles
        styles={{
          '#nprogress .bar': { background: PRIMARY, height: 2 },
          '#nprogress .peg': {
            boxShadow: `0 0 10px ${PRIMARY}, 0 0 5px ${PRIMARY}`,
          },
        }}
      />
      {children}
    </ThemeProvider>
  );
}
