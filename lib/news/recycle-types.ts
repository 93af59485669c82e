// Type-only and shared with the browser: what news_manage/get_recycle_list answers.

/** An item in the 回收站. `deleted_at` in seconds. */
export type RecycleItem = {
  id: number;
  class_id: number;
  class_name: string;
  /** The type its category had ('0', '2'…): a restore of an item whose category is gone needs one of it. */
  class_type: string;
  /** Its category has been deleted: restore_news needs a class_id of the same type. */
  is_class_gone: boolean;
  title: string;
  deleted_at: number;
  deleted_by_name: string;
};

export type RecyclePage = { data: RecycleItem[]; total: number };
