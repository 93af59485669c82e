// What the page's first inline scripts (app/layout.tsx) and the admin's theme share about light
// and dark: where the choices are kept in localStorage and what the pre-paint script does with them.

/** MUI's own key for the mode (light / dark / system): InitColorSchemeScript and ThemeProvider read it. */
export const MODE_STORAGE_KEY = 'mui-mode';

/**
 * The chosen theme colour as the admin's theme drew it, shifted for contrast in each scheme
 * (readablePrimary). The admin writes it whenever the colour changes; the login page, which does
 * not load MUI, reads it before its first paint.
 */
export const THEME_SHADES_STORAGE_KEY = 'theme-color-shades';

export type ThemeShades = { light: string; dark: string };

/**
 * Runs before the first paint (an inline script, with the page's nonce): the stored shades as CSS
 * custom properties on <html>, `--theme-primary-light` / `--theme-primary-dark`.
 */
export const THEME_SHADES_SCRIPT = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(
  THEME_SHADES_STORAGE_KEY,
)})||'null'),h=/^#[0-9a-f]{6}$/i;if(s&&h.test(s.light)&&h.test(s.dark)){var r=document.documentElement.style;r.setProperty('--theme-primary-light',s.light);r.setProperty('--theme-primary-dark',s.dark)}}catch(e){}})();`;

export const saveThemeShades = (shades: ThemeShades) => {
  try {
    window.localStorage.setItem(THEME_SHADES_STORAGE_KEY, JSON.stringify(shades));
  } catch {
    // Private mode or a full quota: the login page keeps the default colour.
  }
};

/** The nonce of the page's Content-Security-Policy (server/security-headers.js puts it in the request). */
export const nonceFromPolicy = (policy: string | null | undefined) =>
  /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
