import 'server-only';
import { createNews } from './create-news';
import type { SaveNewsOptions } from './save-base';
import { updateNews } from './update-news';

export { EDITED_ELSEWHERE } from './update-news';

/** save_news_info: creates an item (no id, create-news.ts) or updates one (update-news.ts). */
export const saveNews = async ({ input, actor }: SaveNewsOptions) =>
  input.id ? updateNews({ id: input.id, input, actor }) : createNews({ input, actor });
