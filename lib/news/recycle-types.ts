// Type-only and shared with the browser: what news_manage/get_recycle_list answers.

/** An item in the 回收站. `deleted_at` in seconds. */
export type RecycleItem = {
  id: number;
  class_id: number;
  class_name: string;
  title: string;
  deleted_at: number;
  deleted_by_name: string;
};

export type RecyclePage = { data: RecycleItem[]; total: number };
