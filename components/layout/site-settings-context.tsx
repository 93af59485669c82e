'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { passwordRuleText } from '@/lib/auth/password-limits';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@/lib/settings/site-settings';

const SiteSettingsContext = createContext<SiteSettings>(DEFAULT_SITE_SETTINGS);

/** The settings of 系统设置 that pages use (title, logo, page size, password policy…), from the server. */
export function SiteSettingsProvider({ value, children }: { value: SiteSettings; children: ReactNode }) {
  return <SiteSettingsContext value={value}>{children}</SiteSettingsContext>;
}

export const useSiteSettings = () => useContext(SiteSettingsContext);

/** The password policy of 系统设置 in words, for the hint under a new-password field. */
export const usePasswordRuleText = () => {
  const { password_min_length: minLength, password_classes: classes } = useSiteSettings();
  return passwordRuleText({ minLength, classes });
};
