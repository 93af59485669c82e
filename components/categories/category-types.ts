import type { ClassNode } from '@/lib/categories/to-api';
import type { BaseSet, ClassType } from '@/lib/categories/schemas';
import type { FieldDefinition } from '@/lib/fields/definition';

/** One node of class_manage/get_class_list (the service's own type). */
export type ClassTreeNode = ClassNode;

/** class_manage/get_class_one: a node with everything the editor edits (the service's own type). */
export type { ClassDetail } from '@/lib/categories/to-api';

/**
 * A field definition being edited. `uid` only gives React a stable key and tells a renamed key
 * from a removed field; it never leaves the browser.
 */
export type FieldDraft = Omit<FieldDefinition, 'child_info'> & { uid: string; child_info: FieldDraft[] };

/** A process step being edited; the value stays text while typed. */
export type ProcessDraft = { uid: string; title: string; value: string };

export type ClassDraft = {
  id?: number;
  /** 0: top level. */
  parent_id: number;
  key: string;
  name: string;
  icon: string;
  sort: string;
  is_show: boolean;
  class_type: ClassType;
  type_show: string;
  hr_type: string;
  other_info: Record<string, unknown>;
  is_content: boolean;
  list: FieldDraft[];
  class: FieldDraft[];
  base_set: BaseSet;
  process: ProcessDraft[];
};

/** Which field schema a builder edits. */
export type SchemaKind = 'list' | 'class';
