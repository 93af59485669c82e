// Rights are data: the menu, the page guard and the API wrapper all read this module.
export const ROLES = [
  'admin',
  'system_set',
  'manage_user',
  'class_manage',
  'news_content',
  'news_purge',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: '超级管理员',
  system_set: '系统设置',
  manage_user: '管理员用户',
  class_manage: '栏目管理',
  news_content: '内容管理',
  news_purge: '彻底删除内容',
};

/** admin passes everything; an empty requirement passes everyone; otherwise any shared role. */
export const hasAnyRole = ({ roles, required }: { roles: readonly string[]; required?: readonly string[] }) =>
  !required ||
  required.length === 0 ||
  roles.includes('admin') ||
  required.some((role) => roles.includes(role));
