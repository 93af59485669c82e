// Type-only: what the item calls answer, for the server's own mapping (to-api.ts) and the browser.

/** An item as news_manage/get_news_list and get_news_one answer it: base columns plus dynamic values by key. */
export type NewsItem = {
  id: number;
  class_id: number;
  title: string;
  short_title: string;
  intro: string;
  /** Only in get_news_one, or in the list when the category lists its content. */
  content?: string;
  /** Only in get_news_one: sent back with a save, which then refuses to overwrite a newer change. */
  row_version?: string;
  hr_type: string;
  old_class: number;
  is_lock: 0 | 1;
  process: number;
  /** Seconds. */
  new_time: number;
  created_at: number;
  updated_at: number;
  [key: string]: unknown;
};

/** news_manage/get_news_list's data. */
export type NewsListAnswer = { data: NewsItem[]; total: number };
