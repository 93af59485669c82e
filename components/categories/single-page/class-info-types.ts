import type { FieldDefinition } from '@/lib/fields/definition';

/** What news_manage/get_calss_info answers, as far as the single-page form needs it. */
export type ClassInfoData = {
  id: number;
  name: string;
  content_fileds: { class: FieldDefinition[] };
  class_fields: Record<string, unknown>;
};
