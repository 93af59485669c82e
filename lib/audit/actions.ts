// What the 操作日志 records, with the Chinese labels the page and the export show. Shared by the
// server (validation, the writes) and the browser (filters); no server-only imports here.

export const AUDIT_ACTIONS = {
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  end_session: '结束登录',
  change_password: '修改密码',
  reset_password: '重置密码',
  create: '新增',
  update: '修改',
  delete: '删除',
  sort: '排序',
  lock: '锁定',
  unlock: '解锁',
  move: '移动',
  restore: '从回收站恢复',
  purge: '彻底删除',
  revert: '恢复历史版本',
  upload: '上传',
  import: '导入',
  two_factor_on: '开启两步验证',
  two_factor_off: '关闭两步验证',
  two_factor_reset: '重置两步验证',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_TARGETS = {
  user: '管理员用户',
  session: '登录会话',
  setting: '系统设置',
  class: '栏目',
  news: '内容',
  process: '流程记录',
  file: '文件',
  sensitive_word: '敏感词',
} as const;
export type AuditTarget = keyof typeof AUDIT_TARGETS;

export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;
export const auditTargetLabel = (target: string) => AUDIT_TARGETS[target as AuditTarget] ?? target;

/** One field's change in an entry's detail. */
export type AuditChange = { from: unknown; to: unknown };

/** An entry's detail: what identifies the target (`name`), the changes of an update, and more. */
export type AuditDetail = { name?: string; changes?: Record<string, AuditChange> } & Record<string, unknown>;

/** An entry as get_log_list answers it; times are 10-digit seconds. */
export type AuditLogRow = {
  id: number;
  user_id: number | null;
  username: string;
  action: string;
  target_type: string;
  target_id: number | null;
  ip: string;
  detail: AuditDetail;
  created_at: number;
};
