import type { ContentFields } from '@/lib/categories/content-fields';

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
  content_fileds: ContentFields;
};

// The item's answer type is the server's own (lib/news/item-types.ts).
export type { NewsItem, NewsListAnswer } from '@/lib/news/item-types';

/** One node of class_manage/get_class_router (the /NewsManage menu). */
export type ClassRouteNode = {
  path: string;
  name: string;
  /** parent_only: a menu parent of the user's categories, not one of them (no move target). */
  meta: { title: string; class_id: number; class_type: string; parent_only?: true };
  children?: ClassRouteNode[];
};
