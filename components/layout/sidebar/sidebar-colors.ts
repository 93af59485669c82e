// The dark menu of the classic admin layout; the selected entry takes the theme colour.
export const SIDEBAR_COLORS = {
  background: '#304156',
  nestedBackground: '#1f2d3d',
  hover: '#263445',
  text: '#bfcbd9',
  logoBackground: '#2b2f3a',
} as const;

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
