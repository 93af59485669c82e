import { DEFAULT_BASE_SET, type ClassType } from '@/lib/categories/schemas';
import { blankFieldDefinition, type FieldDefinition } from '@/lib/fields/definition';
import type { FieldType } from '@/lib/fields/field-types';
import type { ClassDetail, ClassDraft, FieldDraft, ProcessDraft } from './category-types';

let nextUid = 1;
export const newUid = () => `u${nextUid++}`;

export const toFieldDraft = (field: FieldDefinition): FieldDraft => ({
  ...field,
  uid: newUid(),
  child_info: (field.child_info ?? []).map(toFieldDraft),
});

export const toFieldDefinition = ({ uid: _uid, child_info, ...rest }: FieldDraft): FieldDefinition => ({
  ...rest,
  child_info: child_info.map(toFieldDefinition),
});

/** A blank definition as the builder adds it; the admin types the key and name. */
export const newFieldDraft = ({ type = 'string' }: { type?: FieldType } = {}): FieldDraft => ({
  ...blankFieldDefinition({ type }),
  child_info: [],
  uid: newUid(),
});

export const newProcessDraft = ({ value }: { value: number }): ProcessDraft => ({
  uid: newUid(),
  title: '',
  value: String(value),
});

export const emptyClassDraft = ({ parentId, sort }: { parentId: number; sort: number }): ClassDraft => ({
  parent_id: parentId,
  key: '',
  name: '',
  icon: '',
  sort: String(sort),
  is_show: true,
  class_type: '0',
  type_show: '',
  hr_type: '',
  other_info: {},
  is_content: false,
  list: [],
  class: [],
  base_set: structuredClone(DEFAULT_BASE_SET),
  process: [],
});

export const toClassDraft = (detail: ClassDetail): ClassDraft => ({
  id: detail.id,
  parent_id: detail.parent_id,
  key: detail.key,
  name: detail.name,
  icon: detail.icon,
  sort: String(detail.sort),
  is_show: detail.is_show === 1,
  class_type: detail.class_type as ClassType,
  type_show: detail.type_show,
  hr_type: detail.hr_type,
  other_info: detail.other_info,
  is_content: Boolean(Number(detail.other_info.is_content ?? 0)),
  list: detail.content_fileds.list.map(toFieldDraft),
  class: detail.content_fileds.class.map(toFieldDraft),
  base_set: structuredClone(detail.content_fileds.base_set),
  process: detail.content_fileds.process.map((step) => ({
    uid: newUid(),
    title: step.title,
    value: String(step.value),
  })),
});

/** The save_class body. Numbers typed as text go as text: the server's schema coerces and words the errors. */
export const toSavePayload = (draft: ClassDraft) => ({
  ...(draft.id ? { id: draft.id } : {}),
  parent_id: draft.parent_id || null,
  key: draft.key.trim(),
  name: draft.name,
  icon: draft.icon,
  sort: draft.sort.trim() === '' ? 0 : draft.sort.trim(),
  is_show: draft.is_show,
  class_type: draft.class_type,
  type_show: draft.type_show,
  hr_type: draft.hr_type,
  other_info: { ...draft.other_info, is_content: draft.is_content ? 1 : 0 },
  content_fileds: {
    list: draft.list.map(toFieldDefinition),
    class: draft.class.map(toFieldDefinition),
    base_set: draft.base_set,
    process: draft.process.map((step) => ({ title: step.title, value: step.value.trim() })),
  },
});
