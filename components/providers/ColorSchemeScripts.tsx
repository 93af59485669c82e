import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { headers } from 'next/headers';
import { MODE_STORAGE_KEY, nonceFromPolicy, THEME_SHADES_SCRIPT } from '@/lib/client/color-scheme';

/**
 * In <head>, run before anything of the page is painted: MUI's script puts `.light` or `.dark`
 * on <html> from the stored mode (or the system's preference), and ours the stored theme colour's
 * shades. Both carry the request's CSP nonce, or the browser would refuse them.
 */
export async function ColorSchemeScripts() {
  const nonce = nonceFromPolicy((await headers()).get('content-security-policy'));
  return (
    <>
      <InitColorSchemeScript
        attribute="class"
        defaultMode="system"
        modeStorageKey={MODE_STORAGE_KEY}
        nonce={nonce}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SHADES_SCRIPT }} />
    </>
  );
}
