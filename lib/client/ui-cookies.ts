// Cookie names and values shared by the server (first render) and the browser (changes).
export const TOKEN_COOKIE = 'Admin-Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];
export const DEFAULT_UI_SIZE: UiSize = 'medium';
export const UI_SIZE_LABELS: Record<UiSize, string> = {
  default: '默认',
  medium: '中',
  small: '小',
  mini: '迷你',
};

export const parseUiSize = ({ raw }: { raw: string | undefined }): UiSize =>
  UI_SIZES.find((size) => size === raw) ?? DEFAULT_UI_SIZE;

/** Stored as '1' (open) or '0' (collapsed); open unless the user collapsed it. */
export const parseSidebarOpened = ({ raw }: { raw: string | undefined }) => raw !== '0';
