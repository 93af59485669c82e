import { checkContentFields, type ContentFieldsPart } from '@/lib/categories/content-fields';
import { ZSaveClassInput } from '@/lib/categories/schemas';
import type { ClassDraft } from './category-types';
import { toSavePayload } from './class-draft';

/** The editor tab that holds the problem, so the dialog can show it. */
export type EditorTab = 'basic' | 'fields' | 'base_set' | 'process' | 'json';

export type DraftCheck =
  { ok: true; payload: ReturnType<typeof toSavePayload> } | { ok: false; message: string; tab: EditorTab };

const tabOfPath = (path: readonly PropertyKey[]): EditorTab => {
  if (path[0] !== 'content_fileds') return 'basic';
  if (path[1] === 'process') return 'process';
  if (path[1] === 'base_set') return 'base_set';
  return 'fields';
};

const TAB_OF_PART: Record<ContentFieldsPart, EditorTab> = {
  list: 'fields',
  class: 'fields',
  process: 'process',
};

/**
 * The server's own checks (ZSaveClassInput, then checkContentFields with the registry's
 * validateDefinitions), run in the browser so the admin reads the same message before saving.
 */
export const checkClassDraft = ({ draft }: { draft: ClassDraft }): DraftCheck => {
  const payload = toSavePayload(draft);
  const parsed = ZSaveClassInput.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: issue?.message ?? '栏目设置不正确', tab: tabOfPath(issue?.path ?? []) };
  }
  const fields = checkContentFields({ input: parsed.data.content_fileds, classType: parsed.data.class_type });
  if (!fields.ok) return { ok: false, message: fields.message, tab: TAB_OF_PART[fields.part] };
  return { ok: true, payload };
};
