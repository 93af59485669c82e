import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

// A navigation that never lands (same URL, cancelled) must not leave the bar running forever.
const SAFETY_MS = 8000;
let safetyTimer: ReturnType<typeof setTimeout> | undefined;

const isCurrentUrl = ({ href }: { href: string }) =>
  `${window.location.pathname}${window.location.search}` === href;

/** Starts the bar for a navigation to `href`; a link to the page already shown never lands, so none. */
export const startProgress = ({ href }: { href?: string } = {}) => {
  if (href !== undefined && isCurrentUrl({ href })) return;
  NProgress.start();
  clearTimeout(safetyTimer);
  safetyTimer = setTimeout(() => NProgress.done(), SAFETY_MS);
};

export const doneProgress = () => {
  clearTimeout(safetyTimer);
  NProgress.done();
};
