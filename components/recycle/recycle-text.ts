// How long the 回收站 keeps an item, as the delete question and the bin say it (系统设置 recycle_days).

/** 保留 30 天 / 保留到彻底删除为止. */
export const keepText = (days: number) => (days > 0 ? `保留 ${days} 天` : '一直保留到彻底删除');

/** The delete question of the content list: where the items go, for how long. */
export const deleteQuestion = ({ count, days }: { count: number; days: number }) =>
  `${count === 1 ? '该信息' : `选中的 ${count} 条信息`}将移到回收站，${keepText(days)}，期间可以恢复。是否继续?`;

/** The bin's note at its top. */
export const binNotice = (days: number) =>
  days > 0
    ? `删除的内容在回收站保留 ${days} 天，到期后自动彻底删除。`
    : '删除的内容会一直留在回收站，直到被彻底删除。';
