import { GET as infoRoute } from '@/app/api/v1/manage/login/info/route';
import { GET as newsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { GET as newsOneRoute } from '@/app/api/v1/manage/news_manage/get_news_one/route';
import { POST as saveNewsRoute } from '@/app/api/v1/manage/news_manage/save_news_info/route';
import { call, type ApiResult } from './api';

// The calls an outage test makes while the database is away and after it is back
// (tests/postgres/database-outage.test.ts, tests/pglite/thread-death-app.test.ts): a read of the
// session, a list, one item, a save and a create. `at()` gives the signed-in token and the
// category and item to use at the time of the call; `label` marks the titles the saves write.

export const BUSY = { code: 503, message: '服务器繁忙，请稍后重试', data: null };

export const outageCalls = (
  at: () => { token: string; classId: number; itemId: number },
  label: string,
): Record<string, () => Promise<ApiResult>> => ({
  'login/info': () => call(infoRoute, { token: at().token }),
  get_news_list: () =>
    call(newsListRoute, {
      token: at().token,
      query: { class_id: String(at().classId), page: '1', limit: '10' },
    }),
  get_news_one: () => call(newsOneRoute, { token: at().token, query: { id: String(at().itemId) } }),
  'save_news_info (update)': () =>
    call(saveNewsRoute, {
      method: 'POST',
      token: at().token,
      body: { id: at().itemId, class_id: at().classId, title: `${label}的保存` },
    }),
  'save_news_info (create)': () =>
    call(saveNewsRoute, {
      method: 'POST',
      token: at().token,
      body: { class_id: at().classId, title: `${label}的新建` },
    }),
});
