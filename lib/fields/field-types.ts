// The 18 field types a category's field can have. Everything about one type lives in lib/fields/types/<type>.ts
// (and its widget/cell in components/fields), looked up by this name.
export const FIELD_TYPES = [
  'auto',
  'out_auto',
  'auto_back',
  'float',
  'int',
  'string',
  'mult_string',
  'select',
  'mult_select',
  'datetime',
  'date',
  'img',
  'html_editor',
  'color',
  'one_picture',
  'one_video',
  'mult_pictures',
  'child_info',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Columns of a news item; a dynamic field may never take one of these keys. */
export const BASE_COLUMN_KEYS = [
  'id',
  'class_id',
  'title',
  'short_title',
  'intro',
  'content',
  'hr_type',
  'old_class',
  'is_lock',
  'process',
  'new_time',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'sort',
  'row_version',
  // a save's confirmation of its 敏感词 of level warn (lib/sensitive/)
  'sensitive_confirmed',
  // query parameters of the list call
  'page',
  'limit',
  'token',
  'ids',
] as const;
