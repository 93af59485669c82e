import { attachToastHost, dropQueuedToasts, showToast, toastsWanted, type Toast } from '@/lib/client/toast';

// Toasts wait for notistack: before the page's host has mounted it they are queued (and the host is
// asked to load it), then shown in order; later ones go straight through; none is lost in between.
// What a page queued but never showed does not surface on the next page's host.
afterEach(() => {
  attachToastHost(null);
  dropQueuedToasts();
  jest.useRealTimers();
});

test('先排队并请求加载，挂上后按顺序显示，之后直接显示；卸下后重新排队', () => {
  expect(toastsWanted.get()).toBe(false);
  showToast('第一条', { variant: 'error' });
  showToast('第二条');
  expect(toastsWanted.get()).toBe(true);

  const shown: Toast[] = [];
  attachToastHost((toast) => shown.push(toast));
  expect(shown).toEqual([{ message: '第一条', options: { variant: 'error' } }, { message: '第二条' }]);

  showToast('第三条', { variant: 'success' });
  expect(shown.at(-1)).toEqual({ message: '第三条', options: { variant: 'success' } });

  attachToastHost(null);
  showToast('第四条');
  expect(shown).toHaveLength(3);
  const next: Toast[] = [];
  attachToastHost((toast) => next.push(toast));
  expect(next).toEqual([{ message: '第四条' }]);
});

test('离开页面（宿主卸载）时未显示的提示被丢弃；排队太久的提示不再显示', () => {
  showToast('登录已失效');
  dropQueuedToasts();
  expect(toastsWanted.get()).toBe(false);
  const shown: Toast[] = [];
  attachToastHost((toast) => shown.push(toast));
  expect(shown).toEqual([]);
  attachToastHost(null);

  jest.useFakeTimers({ now: 1_000_000 });
  showToast('很早的提示');
  jest.setSystemTime(1_000_000 + 6000);
  showToast('刚才的提示');
  attachToastHost((toast) => shown.push(toast));
  expect(shown).toEqual([{ message: '刚才的提示' }]);
});
