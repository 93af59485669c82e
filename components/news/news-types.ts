import type { ContentFileds } from '@/lib/categories/content-fileds';

/** What news_manage/get_calss_info answers: everything the news manage screen needs. */
export type ClassInfo = {
  id: number;
  class_id: number;
  key: string;
  name: string;
  class_type: '0' | '1' | '4' | '5';
  type_show: string;
  hr_type: string;
  other_info: Record<string, unknown>;
  class_fields: Record<string, unknown>;
  content_fileds: ContentFileds;
};

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

export type NewsListAnswer = { data: NewsItem[]; total: number };

/** One node of class_manage/get_class_router (the /NewsManage menu). */
export type ClassRouteNode = {
  path: string;
  name: string;
  meta: { title: string; class_id: number; class_type: string };
  children?: ClassRouteNode[];
};
