import { useExternalStore } from '@/components/common/use-external-store';
import { createExternalStore } from '@/lib/client/external-store';

export const DEFAULT_THEME_COLOR = '#1890ff';
// Bright enough to stand out against the dark sidebar, where the selected entry takes this colour.
export const THEME_PRESETS = [
  '#1890ff',
  '#f5222d',
  '#fa541c',
  '#faad14',
  '#13c2c2',
  '#52c41a',
  '#2f54eb',
  '#722ed1',
] as const;

export type TLayoutSettings = {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

export const DEFAULT_LAYOUT_SETTINGS: TLayoutSettings = {
  theme: DEFAULT_THEME_COLOR,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** What localStorage holds, field by field: one bad value does not throw away the user's other choices. */
export const layoutSettingsFrom = (stored: unknown): TLayoutSettings => {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const flag = (key: Exclude<keyof TLayoutSettings, 'theme'>) =>
    typeof value[key] === 'boolean' ? value[key] : DEFAULT_LAYOUT_SETTINGS[key];
  return {
    theme: typeof value.theme === 'string' && HEX_COLOR.test(value.theme) ? value.theme : DEFAULT_THEME_COLOR,
    showSettings: flag('showSettings'),
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
  };
};

export const SETTINGS_STORAGE_KEY = 'layout-settings';

const readStored = (): TLayoutSettings => {
  try {
    const raw = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
    return raw ? layoutSettingsFrom(JSON.parse(raw)) : DEFAULT_LAYOUT_SETTINGS;
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
};

const settingsStore = createExternalStore<TLayoutSettings>({ initial: DEFAULT_LAYOUT_SETTINGS });
let isLoaded = false;

/** Loads localStorage once in the browser; before that (server, hydration) the defaults apply. */
export const loadLayoutSettings = () => {
  if (isLoaded || typeof window === 'undefined') return;
  isLoaded = true;
  settingsStore.set(readStored());
};

export const changeLayoutSetting = <K extends keyof TLayoutSettings>({
  key,
  value,
}: {
  key: K;
  value: TLayoutSettings[K];
}) => {
  settingsStore.set((previous) => ({ ...previous, [key]: value }));
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settingsStore.get()));
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
};

export const useLayoutSettings = () =>
  useExternalStore({ store: settingsStore, serverValue: DEFAULT_LAYOUT_SETTINGS });
