import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import type { AuditDetail } from './actions';

// How an entry's detail reads, on the page and in the export. No server-only imports.

/** Chinese names of the fields that entries carry most; any other key is shown as it is. */
const FIELD_LABELS: Record<string, string> = {
  title: '标题',
  short_title: '副标题',
  intro: '简介',
  content: '内容',
  new_time: '发布时间',
  process: '流程步骤',
  process_title: '步骤名称',
  hr_type: 'hr_type',
  class_id: '栏目 ID',
  class_name: '栏目',
  parent_id: '上级栏目 ID',
  key: '标识',
  name: '名称',
  icon: '图标',
  sort: '排序',
  is_show: '显示',
  class_type: '栏目类型',
  username: '用户名',
  avatar: '头像',
  introduction: '简介',
  roles: '角色',
  class_ids: '栏目权限',
  is_disabled: '停用',
  time: '时间',
  remark: '备注',
  attachments: '附件',
  reason: '原因',
  device: '设备',
  session_id: '会话 ID',
  news_id: '内容 ID',
  batch: '批量条数',
  recycle_bin: '移入回收站',
  file: '文件',
  kind: '类型',
  mime_type: '文件类型',
  size: '大小（字节）',
  converted_fields: '已转换的字段',
};

export const fieldLabel = (key: string) => {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  // fields.price → 字段 price; content_fileds.list.price.type → as it is.
  if (key.startsWith('fields.')) return `字段 ${key.slice('fields.'.length)}`;
  if (key.startsWith('class_fields.')) return `单页字段 ${key.slice('class_fields.'.length)}`;
  return key;
};

/** A value as one line of text: （空） for nothing, role names for roles. */
export const valueText = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '（空）';
  if (key === 'roles' && Array.isArray(value))
    return value.map((role) => ROLE_LABELS[role as Role] ?? String(role)).join('、') || '（空）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

export type DetailLine = { key: string; label: string; from?: string; to: string; isChange: boolean };

/** The lines of an entry's detail: each change (before → after), then the other values. */
export const detailLines = (detail: AuditDetail): DetailLine[] => {
  const lines: DetailLine[] = [];
  for (const [key, change] of Object.entries(detail.changes ?? {})) {
    lines.push({
      key,
      label: fieldLabel(key),
      from: valueText(key, change.from),
      to: valueText(key, change.to),
      isChange: true,
    });
  }
  const values = { ...((detail.values as Record<string, unknown> | undefined) ?? {}) };
  for (const [key, value] of Object.entries(detail)) {
    if (key !== 'name' && key !== 'changes' && key !== 'values') values[key] = value;
  }
  for (const [key, value] of Object.entries(values)) {
    lines.push({ key, label: fieldLabel(key), to: valueText(key, value), isChange: false });
  }
  return lines;
};

/** The detail as one text (the export's cell): 「标题：旧 → 新；栏目：甲」. */
export const detailText = (detail: AuditDetail) =>
  detailLines(detail)
    .map((line) => `${line.label}：${line.isChange ? `${line.from} → ${line.to}` : line.to}`)
    .join('；');
