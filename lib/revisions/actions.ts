// Type-only and shared with the browser: the kinds of change a revision records.

export const REVISION_ACTIONS = [
  'create',
  'update',
  'lock',
  'unlock',
  'move',
  'process',
  'delete',
  'restore',
  'revert',
  'import',
] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  create: '新建',
  update: '保存',
  lock: '锁定',
  unlock: '解锁',
  move: '移动',
  process: '流程',
  delete: '删除',
  restore: '从回收站恢复',
  revert: '恢复版本',
  import: '导入',
};

/** What revert_news and revert_class_info answer. */
export const revertMessage = ({ rev, dropped }: { rev: number; dropped: string[] }) =>
  dropped.length > 0
    ? `已恢复到第 ${rev} 版；栏目已没有的字段未恢复：${dropped.join('、')}`
    : `已恢复到第 ${rev} 版`;
