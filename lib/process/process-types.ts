// Type-only: what the process calls (news_manage/get_process_*, get_hr_status_list, save_process)
// answer and take, for the browser; nothing server-only.

/** One step of an item's process (get_process_steps): `id` is the step value, `content` its title. */
export type ProcessStep = { id: number; content: string; timestamp: number | null };

/** One filled-in step record (get_process_list). Times are seconds; attachments are comma-joined URLs. */
export type ProcessRecord = {
  id: number;
  news_id: number;
  process: number;
  process_name: string;
  title: string;
  time: number;
  remark: string;
  attachments: string;
  created_by_name: string;
};

/** A status of the category's items (get_hr_status_list): value 0 is 未开始. */
export type ProcessStatus = { value: number; title: string; count: number };

/** A step of the category-wide flow (get_process_flow): items at it, median time to the next step. */
export type ProcessFlowStep = { value: number; title: string; count: number; median_seconds: number | null };

export type ProcessRecordInput = {
  id?: number;
  news_id: number;
  process: number;
  title: string;
  time: number;
  remark: string;
  attachments: string;
};
