import Cookies from 'js-cookie';
import { parseSidebarOpened, SIDEBAR_COOKIE, SIZE_COOKIE, TOKEN_COOKIE, type UiSize } from './ui-cookies';

const isHttps = () => typeof window !== 'undefined' && window.location.protocol === 'https:';
const baseAttributes = () => ({ path: '/', sameSite: 'Lax' as const, secure: isHttps() });
// Matches the server session's default lifetime (SESSION_MAX_HOURS=168), so the two expire together.
const TOKEN_DAYS = 7;
const PREFERENCE_DAYS = 365;

export const getToken = () => Cookies.get(TOKEN_COOKIE);
export const setToken = ({ token }: { token: string }) =>
  Cookies.set(TOKEN_COOKIE, token, { ...baseAttributes(), expires: TOKEN_DAYS });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE, { path: '/' });

export const readSidebarOpened = () => parseSidebarOpened({ raw: Cookies.get(SIDEBAR_COOKIE) });

export const saveSidebarOpened = ({ isOpened }: { isOpened: boolean }) =>
  Cookies.set(SIDEBAR_COOKIE, isOpened ? '1' : '0', { ...baseAttributes(), expires: PREFERENCE_DAYS });

export const saveUiSize = ({ size }: { size: UiSize }) =>
  Cookies.set(SIZE_COOKIE, size, { ...baseAttributes(), expires: PREFERENCE_DAYS });
