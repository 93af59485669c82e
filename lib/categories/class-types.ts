// The kinds of category and the base columns every item has: plain constants (no zod), so the
// screens that only show them do not load the schemas of lib/categories/schemas.ts.

export const CLASS_TYPES = ['0', '1', '4', '5'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  '0': '列表',
  '1': '单页',
  '4': '列表 + 流程',
  '5': '列表 + 流程图',
};

export const BASE_SET_KEYS = ['title', 'short_title', 'intro', 'content'] as const;
export type BaseSetKey = (typeof BASE_SET_KEYS)[number];
export type BaseSetEntry = { name: string; showlist: boolean; isshow: boolean };
export type BaseSet = Record<BaseSetKey, BaseSetEntry>;

export const DEFAULT_BASE_SET: BaseSet = {
  title: { name: '标题', showlist: true, isshow: true },
  short_title: { name: '副标题', showlist: false, isshow: false },
  intro: { name: '简介', showlist: false, isshow: true },
  content: { name: '内容', showlist: false, isshow: true },
};
