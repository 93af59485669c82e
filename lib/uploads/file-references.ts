import 'server-only';
import type { Role } from '@/lib/auth/roles';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { keptRevisionSql } from '@/lib/revisions/kept-revisions';

/**
 * Who still uses an upload. A file is referenced by its stored name (`<32 hex>.<ext>`, the last
 * segment of its URL) wherever a URL can be kept; its 32 random hex digits identify it alone.
 *
 * REFERENCE_SOURCES is the one list of those places. Each entry is one SELECT that answers, per
 * referencing row, the category it belongs to (NULL for a place outside the category tree) and
 * says which role covers it. A new place that keeps file URLs is one more entry here; the delete
 * rule (delete-uploaded-file.ts), the 回收站's purge (lib/recycle/release-files.ts) and the orphan
 * sweep (orphan-sweep.ts) read this list and nothing else.
 *
 * Big tables are searched through a GIN index of the upload ids their text mentions (migration
 * 20261127090000_upload_references: `cms_upload_ids(text)`); the query must repeat the indexed
 * expression exactly. On 1,000,000 items (PostgreSQL 15) one probe took 0.1–0.4 ms, a file used
 * by 1,000 items 21 ms; a text scan of the same table 3.1 s. Small tables (categories, settings,
 * users) are scanned with strpos.
 *
 * Those indexes hold only the rows whose text mentions a stored name (migration
 * 20261201000000_upload_index_partial: a row without one costs a write nothing but a regular
 * expression), so each lookup repeats that condition too (`mentionsUpload`): without it the planner
 * may not use a partial index.
 */

/** The condition of the partial reference indexes, on the same text as their expression. */
const mentionsUpload = (text: Prisma.Sql) => Prisma.sql`(${text}) ~ '[0-9a-f]{32}\\.[a-z0-9]'`;

/** `text`'s upload ids contain `id`, through its partial GIN index. */
const mentions = (text: Prisma.Sql, id: string) =>
  Prisma.sql`cms_upload_ids(${text}) @> ARRAY[${id}]::text[] AND ${mentionsUpload(text)}`;

/** The random part of a stored name, which the reference indexes hold. */
export const uploadIdOf = ({ name }: { name: string }) => name.slice(0, name.indexOf('.'));

type ReferenceSource = {
  name: string;
  /** Who may let go of a reference here: the role, and for a category's rows rights on it too. */
  role: Role;
  /** One row per referencing category (`class_id`, NULL outside the tree). */
  select: (id: string) => Prisma.Sql;
};

/** Every text column of an item, as indexed by news_upload_ids_idx (fields as JSON text: child rows included). */
const ITEM_TEXT = Prisma.raw(
  `"title" || ' ' || "short_title" || ' ' || "intro" || ' ' || "content" || ' ' || "fields"::text`,
);
/** A process record's text, as indexed by news_process_upload_ids_idx. */
const RECORD_TEXT = Prisma.raw(`p."attachments" || ' ' || p."remark"`);

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
  {
    name: 'news',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT class_id FROM news WHERE ${mentions(ITEM_TEXT, id)}`,
  },
  {
    name: 'news_process',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT n.class_id FROM news_process p JOIN news n ON n.id = p.news_id
      WHERE ${mentions(RECORD_TEXT, id)}`,
  },
  {
    // An item in the 回收站: its row and its process records, kept as JSON (the index of the
    // migration 20261128000000_revisions_recycle). Its category may be gone (then only an editor
    // of all categories covers it).
    name: 'news_trash',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT class_id FROM news_trash
      WHERE ${mentions(Prisma.raw(`"item"::text || ' ' || "records"::text`), id)}`,
  },
  {
    // 历史版本: the content and dynamic fields of revisions, by item (live or in the bin), while a
    // kept revision uses them (not one removed beyond revision_keep whose row waits for its
    // deletion: lib/revisions/kept-revisions.ts).
    name: 'news_revision_text',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT COALESCE(n.class_id, t.class_id) AS class_id
      FROM news_revision_text r LEFT JOIN news n ON n.id = r.news_id LEFT JOIN news_trash t ON t.id = r.news_id
      WHERE ${mentions(Prisma.raw('r."body"'), id)} AND EXISTS (
        SELECT 1 FROM news_revision k WHERE k.news_id = r.news_id AND r.hash IN (k.content_hash, k.fields_hash)
          AND ${keptRevisionSql('k')})`,
  },
  {
    // 历史版本: a kept revision's small columns (title, short_title, intro).
    name: 'news_revision',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT COALESCE(n.class_id, t.class_id) AS class_id
      FROM news_revision r LEFT JOIN news n ON n.id = r.news_id LEFT JOIN news_trash t ON t.id = r.news_id
      WHERE ${mentions(Prisma.raw('r."columns"::text'), id)} AND ${keptRevisionSql('r')}`,
  },
  {
    // 历史版本 of a single page: its values at each revision.
    name: 'class_info_revision',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT DISTINCT class_id FROM class_info_revision
      WHERE ${mentions(Prisma.raw('"fields"::text'), id)}`,
  },
  {
    // A single page's values (class_fields), and anything else a category keeps.
    name: 'news_class',
    role: 'news_content',
    select: (id) => Prisma.sql`SELECT id AS class_id FROM news_class
      WHERE strpos(class_fields::text || ' ' || other_info::text || ' ' || content_fileds::text, ${id}) > 0`,
  },
  {
    // 系统设置 (the logo).
    name: 'system_setting',
    role: 'system_set',
    select: (id) =>
      Prisma.sql`SELECT NULL::int AS class_id FROM system_setting WHERE strpos(value::text, ${id}) > 0 LIMIT 1`,
  },
  {
    // Avatars, set in 管理员用户.
    name: 'admin_user',
    role: 'manage_user',
    select: (id) =>
      Prisma.sql`SELECT NULL::int AS class_id FROM admin_user WHERE strpos(avatar, ${id}) > 0 LIMIT 1`,
  },
];

/** One place that uses the file: its source, the role that covers it, and its category if any. */
export type FileReference = { source: string; role: Role; classId: number | null };

type ReferenceRow = { source: number; class_id: number | null };

/**
 * Every place that still uses the upload `name` (one statement over all sources). Inside a
 * transaction pass it as `tx` (the orphan sweep decides under its lock): on PGlite a statement
 * made beside an open transaction would wait for it.
 */
export const findFileReferences = async ({
  name,
  tx,
}: {
  name: string;
  tx?: Prisma.TransactionClient;
}): Promise<FileReference[]> => {
  const id = uploadIdOf({ name });
  const statement = Prisma.join(
    REFERENCE_SOURCES.map(
      (source, index) => Prisma.sql`(SELECT ${index}::int AS source, class_id FROM (${source.select(id)}) s)`,
    ),
    ' UNION ALL ',
  );
  const rows = tx
    ? await tx.$queryRaw<ReferenceRow[]>(statement)
    : await (await getSql()).query<ReferenceRow>(statement);
  return rows.map((row) => {
    const source = REFERENCE_SOURCES[row.source];
    return { source: source.name, role: source.role, classId: row.class_id };
  });
};
