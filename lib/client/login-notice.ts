// A message for the login page from the page that sent the browser there (the admin guard's
// "登录状态无效"): the admin layout's toasts do not outlive it, so the login page shows this itself.
const KEY = 'login-notice';

export const leaveLoginNotice = ({ message }: { message: string }) => {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode quota): the toast was all there is.
  }
};

/** The message left for the login page, once. */
export const takeLoginNotice = () => {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message ?? '';
  } catch {
    return '';
  }
};
