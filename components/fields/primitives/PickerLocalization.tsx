'use client';

import 'dayjs/locale/zh-cn';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { zhCN } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';

const LOCALE_TEXT = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;

/** Date pickers in Chinese (month names, 确定/清除, week starting Monday). */
export function PickerLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="zh-cn" localeText={LOCALE_TEXT}>
      {children}
    </LocalizationProvider>
  );
}
