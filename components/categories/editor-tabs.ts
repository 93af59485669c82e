import type { ClassType } from '@/lib/categories/schemas';
import type { EditorTab } from './validate-class-draft';

// Which parts of content_fileds a category type uses: a single page (type 1) fills `class`,
// list types fill `list` and `base_set`, the process types (4, 5) add `process`.
const LIST_TYPES: readonly ClassType[] = ['0', '4', '5'];
const PROCESS_TYPES: readonly ClassType[] = ['4', '5'];

export const isListType = (type: ClassType) => LIST_TYPES.includes(type);
export const isProcessType = (type: ClassType) => PROCESS_TYPES.includes(type);

/** The editor's tabs for a category type, in order. */
export const editorTabs = ({
  classType,
}: {
  classType: ClassType;
}): { value: EditorTab; label: string }[] => [
  { value: 'basic', label: '基本设置' },
  { value: 'fields', label: isListType(classType) ? '列表字段' : '单页字段' },
  ...(isListType(classType) ? [{ value: 'base_set' as const, label: '基础字段' }] : []),
  ...(isProcessType(classType) ? [{ value: 'process' as const, label: '流程步骤' }] : []),
  { value: 'json', label: 'JSON' },
];
