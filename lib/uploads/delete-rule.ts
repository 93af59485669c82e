import { hasAnyRole } from '@/lib/auth/roles';

/** A place that uses the file (file-references.ts), as far as the rule needs it. */
type Reference = { role: string; classId: number | null };

export const FILE_IN_USE_FORBIDDEN = '该文件正被您无权管理的内容或设置使用，不能删除';
export const NOT_OWN_FILE = '只能删除自己上传的文件';

/**
 * Whether a caller may delete an upload (del_oss_file), and why not. Allowed:
 * - `admin`;
 * - the user who uploaded it (uploaded_file.user_id);
 * - anyone who has the right to every place that uses it: for an item, a process record or a
 *   single page the role news_content and rights on its category (`rights`, null = all); for
 *   系统设置 the role system_set; for an avatar the role manage_user.
 * A file nothing uses and someone else uploaded is refused: it may be waiting in its uploader's
 * unsaved form, and a file nobody uses costs only storage (an orphan sweep collects it). A file
 * with no recorded uploader (user_id NULL: restored or made outside the API) follows the same
 * rule with nobody as its uploader.
 * Allowed or not, a file that something still uses stays in storage (delete-uploaded-file.ts).
 */
export const deleteRefusal = ({
  roles,
  userId,
  rights,
  uploaderId,
  references,
}: {
  roles: readonly string[];
  userId: number;
  rights: ReadonlySet<number> | null;
  uploaderId: number | null;
  references: readonly Reference[];
}): string | null => {
  if (roles.includes('admin') || (uploaderId !== null && uploaderId === userId)) return null;
  if (references.length === 0) return NOT_OWN_FILE;
  const covers = (reference: Reference) =>
    hasAnyRole({ roles, required: [reference.role] }) &&
    (reference.classId === null || rights === null || rights.has(reference.classId));
  return references.every(covers) ? null : FILE_IN_USE_FORBIDDEN;
};
