import { createTheme, darken, getContrastRatio, lighten, rgbToHex } from '@mui/material/styles';
import { zhCN } from '@mui/material/locale';
import { AppLink } from '@/components/common/AppLink';
import type { ThemeShades } from '@/lib/client/color-scheme';
import type { UiSize } from '@/lib/client/ui-cookies';

type SizeSpec = {
  fontSize: number;
  control: 'small' | 'medium';
  button: 'small' | 'medium' | 'large';
  isDense: boolean;
};

// The four sizes of the size selector, as MUI sizes and a base font size.
const SIZE_SPECS: Record<UiSize, SizeSpec> = {
  default: { fontSize: 15, control: 'medium', button: 'large', isDense: false },
  medium: { fontSize: 14, control: 'medium', button: 'medium', isDense: false },
  small: { fontSize: 13, control: 'small', button: 'small', isDense: false },
  mini: { fontSize: 12, control: 'small', button: 'small', isDense: true },
};

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The marks of a revision comparison (components/revisions/diff-styles.ts). */
export type DiffColors = {
  removedBg: string;
  removedText: string;
  removedLine: string;
  addedBg: string;
  addedText: string;
  beforeEdge: string;
  afterEdge: string;
};

/** A process drawing's colours (components/process/FlowDiagram.tsx); the saved PNG uses the light ones. */
export type FlowColors = {
  canvas: string;
  arrow: string;
  edgeText: string;
  detailText: string;
  doneFill: string;
  doneText: string;
  currentFill: string;
  currentText: string;
  pendingFill: string;
  pendingStroke: string;
  pendingText: string;
  plainFill: string;
};

declare module '@mui/material/styles' {
  interface Palette {
    diff: DiffColors;
    flow: FlowColors;
  }
  interface PaletteOptions {
    diff?: DiffColors;
    flow?: FlowColors;
  }
  interface TypeBackground {
    /** A quiet surface set apart from the paper around it: table heads, a form's inner panel. */
    subtle: string;
  }
  interface TypeBackgroundOptions {
    subtle?: string;
  }
}

// WCAG AA for body text: what the theme's colours are shifted to meet, both as text on any ground
// of the scheme (the page, a card, a dialog) and as the ground of white (or, in the dark scheme,
// dark) text.
const AA = 4.5;
const PRIMARY_VAR = 'var(--mui-palette-primary-main)';
const INSET_FOCUS = { '&.Mui-focusVisible': { outlineOffset: -2 } };
const LIGHT_PAPER = '#ffffff';
const DARK_PAPER = '#1c2027';
const LIGHT_PAGE = '#f0f2f5';
const DARK_PAGE = '#12151a';
// The ground a colour must read on: the darkest of the light scheme's, the lightest of the dark's.
const GROUND = { light: LIGHT_PAGE, dark: DARK_PAPER } as const;

// Every pair of text and ground below keeps at least 4.5:1.
const LIGHT_DIFF: DiffColors = {
  removedBg: '#fdecea',
  removedText: '#a8231b',
  removedLine: 'rgba(168, 35, 27, 0.7)',
  addedBg: '#e3f4e6',
  addedText: '#1b5e2b',
  beforeEdge: '#e57373',
  afterEdge: '#66bb6a',
};

const DARK_DIFF: DiffColors = {
  removedBg: '#4a1e1b',
  removedText: '#ffb4aa',
  removedLine: 'rgba(255, 180, 170, 0.7)',
  addedBg: '#183a22',
  addedText: '#a6e3b0',
  beforeEdge: '#e57373',
  afterEdge: '#66bb6a',
};

export const LIGHT_FLOW: FlowColors = {
  canvas: '#ffffff',
  arrow: '#90a4ae',
  edgeText: '#546e7a',
  detailText: '#616161',
  doneFill: '#edf7ed',
  doneText: '#1b5e20',
  currentFill: '#e8f1fd',
  currentText: 'var(--mui-palette-primary-dark)',
  pendingFill: '#fafafa',
  pendingStroke: '#bdbdbd',
  pendingText: '#757575',
  plainFill: '#f5f8fc',
};

const DARK_FLOW: FlowColors = {
  canvas: DARK_PAPER,
  arrow: '#78909c',
  edgeText: '#b0bec5',
  detailText: '#c2c7ce',
  doneFill: '#1c3320',
  doneText: '#a5d6a7',
  currentFill: '#162b45',
  currentText: 'var(--mui-palette-primary-light)',
  pendingFill: '#252a31',
  pendingStroke: '#68707a',
  pendingText: '#aeb5bd',
  plainFill: '#1f2a38',
};

/**
 * A colour darkened (light scheme) or lightened (dark scheme) by the smallest step that reads at AA
 * on the scheme's grounds: the chosen theme colour (a bright preset such as #13c2c2 or #faad14
 * keeps its hue but would otherwise fail as the colour of a link or of a selected tag's text) and
 * MUI's error / warning / info / success.
 */
export const readableColor = ({ color, mode }: { color: string; mode: 'light' | 'dark' }) => {
  const ground = GROUND[mode];
  const shift = mode === 'light' ? darken : lighten;
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? color : rgbToHex(shift(color, step / 20));
    if (getContrastRatio(candidate, ground) >= AA) return candidate;
  }
  return mode === 'light' ? '#000000' : '#ffffff';
};

// MUI's default status colours per scheme, made readable.
const STATUS_DEFAULTS = {
  light: { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' },
  dark: { error: '#f44336', warning: '#ffa726', info: '#29b6f6', success: '#66bb6a' },
} as const;

const statusColors = (mode: 'light' | 'dark') =>
  Object.fromEntries(
    Object.entries(STATUS_DEFAULTS[mode]).map(([name, color]) => [
      name,
      { main: readableColor({ color, mode }) },
    ]),
  ) as Record<keyof (typeof STATUS_DEFAULTS)['light'], { main: string }>;

/**
 * The app's theme: MUI's CSS-variables colour schemes, light and dark, switched by a class on
 * <html> (`.light` / `.dark`) that MUI's InitColorSchemeScript sets before the first paint
 * (app/layout.tsx), so a dark page is dark from its first frame.
 */
export const themeShades = (primary: string): ThemeShades => ({
  light: readableColor({ color: primary, mode: 'light' }),
  dark: readableColor({ color: primary, mode: 'dark' }),
});

export const createAppTheme = ({ shades, size }: { shades: ThemeShades; size: UiSize }) => {
  const spec = SIZE_SPECS[size];
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: {
          palette: {
            primary: { main: shades.light },
            ...statusColors('light'),
            background: { default: LIGHT_PAGE, paper: LIGHT_PAPER, subtle: '#fafafa' },
            diff: LIGHT_DIFF,
            flow: LIGHT_FLOW,
            contrastThreshold: AA,
          },
        },
        dark: {
          palette: {
            primary: { main: shades.dark },
            ...statusColors('dark'),
            background: { default: DARK_PAGE, paper: DARK_PAPER, subtle: '#232830' },
            diff: DARK_DIFF,
            flow: DARK_FLOW,
            contrastThreshold: AA,
          },
        },
      },
      typography: { fontSize: spec.fontSize, fontFamily: FONT_FAMILY, button: { textTransform: 'none' } },
      components: {
        // Admin screens read at body2 size; body1 (16px at medium) is for prose.
        MuiCssBaseline: { styleOverrides: (theme) => ({ body: { ...theme.typography.body2 } }) },
        MuiButtonBase: {
          defaultProps: { LinkComponent: AppLink },
          // Keyboard focus is an outline, not only MUI's faint ripple: every button, tab, menu entry
          // and toggle shows where the focus is, in either scheme.
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY_VAR}`, outlineOffset: 2 },
            },
          },
        },
        MuiButton: { defaultProps: { size: spec.button, disableElevation: true } },
        MuiTextField: { defaultProps: { size: spec.control } },
        MuiFormControl: { defaultProps: { size: spec.control } },
        MuiAutocomplete: { defaultProps: { size: spec.control } },
        MuiToggleButtonGroup: { defaultProps: { size: spec.control } },
        MuiChip: { defaultProps: { size: spec.control } },
        MuiCheckbox: { defaultProps: { size: spec.control } },
        MuiRadio: { defaultProps: { size: spec.control } },
        MuiSwitch: { defaultProps: { size: spec.control } },
        MuiPagination: { defaultProps: { size: spec.control } },
        MuiTable: { defaultProps: { size: spec.control } },
        // Inside a scrolling list the outline is drawn within the item, where nothing clips it.
        MuiMenuItem: { defaultProps: { dense: spec.isDense }, styleOverrides: { root: INSET_FOCUS } },
        MuiListItemButton: { styleOverrides: { root: INSET_FOCUS } },
        MuiTab: { styleOverrides: { root: INSET_FOCUS } },
        MuiList: { defaultProps: { dense: spec.isDense } },
        MuiToolbar: { defaultProps: { variant: spec.isDense ? 'dense' : 'regular' } },
      },
    },
    zhCN,
  );
};
