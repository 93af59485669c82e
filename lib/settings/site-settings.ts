import { DEFAULT_PASSWORD_POLICY } from '@/lib/auth/password-limits';
import type { SystemSettings } from './settings-schema';

// What every signed-in page (and the login page) knows of 系统设置, without the schemas of
// settings-schema.ts: the shell and the content list read these and must not load zod for it.

export const DEFAULT_PRODUCT_TITLE = '内容管理后台';
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50] as const;

/** The part of the settings every signed-in page and the login page may see. */
export type SiteSettings = Pick<
  SystemSettings,
  | 'title'
  | 'logo'
  | 'login_subtitle'
  | 'footer'
  | 'page_size'
  | 'error_log'
  | 'password_min_length'
  | 'password_classes'
  | 'recycle_days'
>;

/** A fresh install's values; the server always provides the real ones (SiteSettingsProvider). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  title: DEFAULT_PRODUCT_TITLE,
  logo: '',
  login_subtitle: '',
  footer: '',
  page_size: 10,
  error_log: true,
  password_min_length: DEFAULT_PASSWORD_POLICY.minLength,
  password_classes: DEFAULT_PASSWORD_POLICY.classes,
  recycle_days: 30,
};
