import { createTheme } from '@mui/material/styles';
import { zhCN } from '@mui/material/locale';
import { AppLink } from '@/components/common/AppLink';
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

export const createAppTheme = ({ primary, size }: { primary: string; size: UiSize }) => {
  const spec = SIZE_SPECS[size];
  return createTheme(
    {
      palette: { primary: { main: primary }, background: { default: '#f0f2f5' } },
      typography: { fontSize: spec.fontSize, fontFamily: FONT_FAMILY, button: { textTransform: 'none' } },
      components: {
        // Admin screens read at body2 size; body1 (16px at medium) is for prose.
        MuiCssBaseline: { styleOverrides: (theme) => ({ body: { ...theme.typography.body2 } }) },
        MuiButtonBase: { defaultProps: { LinkComponent: AppLink } },
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
        MuiMenuItem: { defaultProps: { dense: spec.isDense } },
        MuiList: { defaultProps: { dense: spec.isDense } },
        MuiToolbar: { defaultProps: { variant: spec.isDense ? 'dense' : 'regular' } },
      },
    },
    zhCN,
  );
};
