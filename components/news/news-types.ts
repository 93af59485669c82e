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
