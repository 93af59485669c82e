import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

// What a refused call must leave as it was. Sessions and sign-in attempts are bookkeeping of the
// calls themselves (last seen, a logout), not data a refusal could have damaged.
const TABLES = [
  'news_class',
  'news',
  'news_process',
  'news_trash',
  'news_class_stat',
  'admin_user',
  'system_setting',
  'uploaded_file',
  'sensitive_word',
  'sensitive_word_version',
];

/** One md5 per table over every row as text: cheap enough to take after every call of a fuzz run. */
export const dataFingerprint = async () => {
  const sql = await getSql();
  const selects = TABLES.map(
    (table) =>
      `SELECT '${table}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM ${table} t`,
  ).join(' UNION ALL ');
  const rows = await sql.query<{ name: string; hash: string }>(Prisma.raw(selects));
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
};
