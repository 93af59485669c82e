import type { RevisionAction } from '@/lib/revisions/actions';
import type { ItemWord } from '@/lib/sensitive/levels';

/** One step of a process category on the 首页: the items standing at it (value 0: 未开始). */
export type HomeStep = { value: number; title: string; count: number };

/** A list category on the 首页. `steps` only for process categories (types 4 and 5). */
export type HomeClass = {
  id: number;
  name: string;
  class_type: string;
  total: number;
  changed_7d: number;
  steps?: HomeStep[];
};

/** One change of an item (a revision). `open_class_id`: the item's category now, null once deleted. */
export type HomeChange = {
  news_id: number;
  rev: number;
  class_id: number;
  title: string;
  action: RevisionAction;
  user_name: string;
  time: number;
  open_class_id: number | null;
};

/**
 * A category's 敏感词 on the 首页: how many of its items hold listed words (`items`, counted up to
 * SENSITIVE_COUNT_CAP: `capped`), or `stale` — the lists or the category's fields changed since its
 * items were all checked, so the count is not known (0 then) until a 敏感词检查 runs through it.
 */
export type HomeSensitiveClass = { class_id: number; items: number; capped: boolean; stale: boolean };

/** An item holding listed words (newest recorded first). */
export type HomeSensitiveItem = {
  news_id: number;
  class_id: number;
  title: string;
  words: ItemWord[];
  time: number;
};

/**
 * The 首页's 敏感词: `has_words` false when the deny list is empty (nothing can hit; the rest is
 * empty); `classes`: the categories with items holding words or stale; `items`: the newest 10 items
 * holding words in categories that are not stale.
 */
export type HomeSensitive = {
  has_words: boolean;
  classes: HomeSensitiveClass[];
  items: HomeSensitiveItem[];
};

/** news_manage/get_home_overview's data. */
export type HomeOverview = {
  classes: HomeClass[];
  latest: HomeChange[];
  recycle: { total: number; capped: boolean };
  sensitive: HomeSensitive;
};
