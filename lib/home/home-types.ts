import type { RevisionAction } from '@/lib/revisions/actions';

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

/** news_manage/get_home_overview's data. */
export type HomeOverview = {
  classes: HomeClass[];
  latest: HomeChange[];
  recycle: { total: number; capped: boolean };
};
