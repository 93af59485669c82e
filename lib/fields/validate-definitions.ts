import { BASE_COLUMN_KEYS } from './field-types';
import { ZChildFieldDefinition, ZFieldDefinition, type FieldDefinition } from './definition';
import { fieldTypeOf } from './registry';

export type DefinitionsResult = { ok: true; fields: FieldDefinition[] } | { ok: false; message: string };

const MAX_FIELDS = 100;
// An internal manage API path such as news_manage/get_out_options?class_id=3 — never another host.
const INTERNAL_URL = /^(\/api\/v1\/manage\/)?[a-z_]+\/[a-z_]+(\?[\w=&%.\-]*)?$/;

const nameOf = (raw: unknown, index: number) => {
  const candidate = raw as { title?: unknown; key?: unknown } | null;
  const name =
    typeof candidate?.title === 'string' && candidate.title.trim()
      ? candidate.title.trim()
      : typeof candidate?.key === 'string'
        ? candidate.key
        : '';
  return name ? `字段「${name}」` : `第 ${index + 1} 个字段`;
};

const checkOne = (field: FieldDefinition, isChild: boolean): string | null => {
  const type = fieldTypeOf(field.type);
  if (isChild && type.isGroup) return '子字段不能再是子表单（最多嵌套一层）';
  if (!type.isGroup && field.child_info.length > 0) return '只有子表单字段可以包含子字段';
  if (type.isGroup && field.child_info.length === 0) return '子表单至少需要一个子字段';
  if (type.hasOptions) {
    if (field.options.length === 0) return '请至少添加一个选项';
    const seen = new Set<string>();
    for (const option of field.options) {
      if (seen.has(String(option.value))) return `选项值「${option.value}」重复`;
      seen.add(String(option.value));
    }
  }
  if (type.needsUrl && !INTERNAL_URL.test(field.url))
    return '请填写选项数据地址（本系统接口路径，如 news_manage/get_out_options?class_id=1）';
  if (field.search && !type.search) return `「${type.label}」类型不能作为搜索条件`;
  if (type.isServerAssigned && field.ismust) return `「${type.label}」由系统自动填写，不能设为必填`;
  return null;
};

/** Keeps only the attributes that mean something for the type, so stored schemas stay clean. */
const tidy = (field: FieldDefinition): FieldDefinition => {
  const type = fieldTypeOf(field.type);
  return {
    ...field,
    options: type.hasOptions ? field.options : [],
    is_self_write: type.hasOptions ? field.is_self_write : false,
    url: type.needsUrl ? field.url : '',
    max: type.maxMeaning ? field.max : null,
    limit: type.type === 'mult_pictures' ? field.limit : null,
    search: type.search ? field.search : false,
  };
};

const validateList = (list: unknown, isChild: boolean, prefix: string): DefinitionsResult => {
  if (!Array.isArray(list)) return { ok: false, message: `${prefix}字段定义必须是列表` };
  if (list.length > MAX_FIELDS) return { ok: false, message: `${prefix}字段不能超过 ${MAX_FIELDS} 个` };
  const fields: FieldDefinition[] = [];
  const keys = new Set<string>();
  for (const [index, raw] of list.entries()) {
    const name = `${prefix}${nameOf(raw, index)}`;
    const parsed = (isChild ? ZChildFieldDefinition : ZFieldDefinition).safeParse(raw);
    if (!parsed.success)
      return { ok: false, message: `${name}：${parsed.error.issues[0]?.message ?? '定义不正确'}` };
    const field = parsed.data as FieldDefinition;
    if ((BASE_COLUMN_KEYS as readonly string[]).includes(field.key)) {
      return { ok: false, message: `${name}：标识「${field.key}」是系统保留字段，请换一个` };
    }
    if (keys.has(field.key)) return { ok: false, message: `${name}：标识「${field.key}」重复` };
    keys.add(field.key);
    const problem = checkOne(field, isChild);
    if (problem) return { ok: false, message: `${name}：${problem}` };
    if (fieldTypeOf(field.type).isGroup) {
      const children = validateList(field.child_info, true, `${name}的子`);
      if (!children.ok) return children;
      field.child_info = children.fields;
    }
    fields.push(tidy(field));
  }
  // A range filter on `x` is sent as x_start / x_end: those keys must stay free.
  for (const key of keys) {
    const base = key.replace(/_(start|end)$/, '');
    if (base !== key && keys.has(base))
      return { ok: false, message: `${prefix}字段标识「${key}」与「${base}」的范围搜索参数冲突，请换一个` };
  }
  return { ok: true, fields };
};

/** Validates a list of field definitions (content_fileds.list or .class) with messages naming the field. */
export const validateDefinitions = ({ list }: { list: unknown }): DefinitionsResult =>
  validateList(list ?? [], false, '');
