/**
 * The post-login destination from ?redirect=: only a path on this site. '//host' and '/\host' are
 * protocol-relative to browsers, so both are refused.
 */
export const safeRedirectTarget = ({ raw }: { raw: string | null | undefined }) => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(raw)) return '/';
  return raw;
};

// Coming back to /logout after signing in would sign the user straight out again.
const isNeverReturnedTo = ({ path }: { path: string }) =>
  path === '/' || path === '/logout' || path.startsWith('/logout?');

/** /login, remembering where to go afterwards. */
export const loginPathFor = ({ path }: { path: string }) =>
  isNeverReturnedTo({ path }) ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
