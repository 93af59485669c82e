'use client';

import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { changeLayoutSetting, THEME_PRESETS, useLayoutSettings } from '@/components/layout/settings-store';

const SWATCH = 24;

/** Preset swatches plus the browser's own colour picker for any other colour. */
export function ThemeColorPicker() {
  const { theme } = useLayoutSettings();
  const choose = (value: string) => changeLayoutSetting({ key: 'theme', value: value.toLowerCase() });

  return (
    <Box
      role="group"
      aria-label="主题色"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {THEME_PRESETS.map((color) => {
        const isSelected = color === theme.toLowerCase();
        return (
          <ButtonBase
            key={color}
            aria-label={`主题色 ${color}`}
            aria-pressed={isSelected}
            onClick={() => choose(color)}
            sx={{
              width: SWATCH,
              height: SWATCH,
              borderRadius: 1,
              backgroundColor: color,
              color: '#fff',
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: color, outlineOffset: 2 },
            }}
          >
            {isSelected && <CheckIcon sx={{ fontSize: 16 }} />}
          </ButtonBase>
        );
      })}
      <Box
        component="input"
        type="color"
        aria-label="自定义主题色"
        value={theme}
        onChange={(event) => choose((event.target as HTMLInputElement).value)}
        sx={{ width: SWATCH + 8, height: SWATCH + 4, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
      />
    </Box>
  );
}
