import { POST as saveNewsRoute } from '@/app/api/v1/manage/news_manage/save_news_info/route';
import { call } from './api';

export const saveNews = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveNewsRoute, { method: 'POST', token, body });

export const createNews = async (token: string, body: Record<string, unknown>) => {
  const result = await saveNews(token, body);
  if (result.body.code !== 200) throw new Error(`save_news_info failed: ${result.body.message}`);
  return result.body.data.id;
};
