import { POST as saveNewsRoute } from '@/app/api/v1/manage/news_manage/save_news_info/route';
import { getDb } from '@/lib/db/client';
import { call } from './api';

export const saveNews = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveNewsRoute, { method: 'POST', token, body });

export const createNews = async (token: string, body: Record<string, unknown>) => {
  const result = await saveNews(token, body);
  if (result.body.code !== 200) throw new Error(`save_news_info failed: ${result.body.message}`);
  return result.body.data.id;
};

/** Sets 系统设置 revision_keep as stored (the revision writers read it from the row). */
export const setRevisionKeep = async (keep: number) =>
  (await getDb()).$executeRaw`
    INSERT INTO system_setting (key, value, updated_at) VALUES ('system', jsonb_build_object('revision_keep', ${keep}::int), now())
    ON CONFLICT (key) DO UPDATE SET value = system_setting.value || jsonb_build_object('revision_keep', ${keep}::int)`;
