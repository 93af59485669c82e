'use client';

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  changeLayoutSetting,
  useLayoutSettings,
  type TLayoutSettings,
} from '@/components/layout/settings-store';
import { ThemeColorPicker } from './ThemeColorPicker';

type SwitchKey = keyof Pick<TLayoutSettings, 'tagsView' | 'fixedHeader' | 'sidebarLogo'>;

const SWITCHES: { key: SwitchKey; label: string }[] = [
  { key: 'tagsView', label: '显示标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
];

type Mode = 'system' | 'light' | 'dark';

const MODES: { value: Mode; label: string }[] = [
  { value: 'system', label: '跟随系统' },
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
];

/** 外观: light, dark or as the system says — MUI's colour-scheme mode, kept in this browser. */
function AppearancePicker() {
  const { mode, setMode } = useColorScheme();
  return (
    <Box>
      <Typography id="appearance-label" variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
        外观
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        aria-labelledby="appearance-label"
        value={mode ?? 'system'}
        onChange={(_event, next: Mode | null) => next && setMode(next)}
      >
        {MODES.map(({ value, label }) => (
          <ToggleButton key={value} value={value}>
            {label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** Layout settings from the right; every choice is kept in localStorage. */
export function SettingsDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const settings = useLayoutSettings();
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 280 }, 'aria-labelledby': 'settings-title' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5 }}>
        <Typography id="settings-title" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          系统布局配置
        </Typography>
        <IconButton aria-label="关闭布局设置" onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: 2.5, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <AppearancePicker />
        <Box>
          <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
            主题色
          </Typography>
          <ThemeColorPicker />
        </Box>
        {SWITCHES.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            labelPlacement="start"
            sx={{ mx: 0, justifyContent: 'space-between' }}
            control={
              <Switch
                checked={settings[key]}
                onChange={(event) => changeLayoutSetting({ key, value: event.target.checked })}
              />
            }
          />
        ))}
      </Box>
    </Drawer>
  );
}
