import 'server-only';
import { recordPreparedAudit } from '@/lib/audit/record';
import { Prisma } from '@/lib/generated/prisma/client';
import { batchRevisionCtes, firstRevisionCtes } from '@/lib/revisions/record-revision';
import { recordItemWords } from '@/lib/sensitive/item-hits';
import type { ListClass } from '../load-class';
import type { CreateBatch, UpdateBatch } from './pending-writes';
// The write phase of import_news (commit-import.ts): running numbers, then the batches that
// pending-writes.ts prepared, each set-based — one statement writes a batch's rows with their
// revisions (creates: firstRevisionCtes; updates: batchRevisionCtes, against each item's last
// revision; both worked out in the statement, no call per item), one its 操作日志 entries, one its
// 敏感词 words (for the 首页). news' statement triggers keep the category's counters.

/**
 * The first running number of the creates, one more than the largest stored (under the category's
 * lock): the keys of the category's 自动编号 fields and where they start (null: none).
 */
export const autoNumbers = async (tx: Prisma.TransactionClient, category: ListClass) => {
  const keys = category.schema.list.filter((field) => field.type === 'auto').map((field) => field.key);
  if (keys.length === 0) return null;
  const [{ next }] = await tx.$queryRaw<{ next: number }[]>(Prisma.sql`
    SELECT COALESCE(MAX((fields ->> ${keys[0]}::text)::bigint), 0)::int + 1 AS next FROM news
    WHERE class_id = ${category.id} AND jsonb_typeof(fields -> ${keys[0]}::text) = 'number'`);
  return { keys, next };
};

/** Writes a batch of creates; `first` is its first row's running number (its rows go on from it). */
export const writeCreates = async (
  tx: Prisma.TransactionClient,
  {
    category,
    batch,
    actorId,
    auto,
  }: {
    category: ListClass;
    batch: CreateBatch;
    actorId: number;
    auto: { keys: string[]; first: number } | null;
  },
) => {
  const ids = (
    await tx.$queryRaw<{ id: number }[]>(Prisma.sql`
      SELECT nextval(pg_get_serial_sequence('news', 'id'))::int AS id FROM generate_series(1, ${batch.count}::int)`)
  ).map((row) => row.id);
  const fields = auto
    ? Prisma.sql`x.fields || jsonb_build_object(${Prisma.join(
        auto.keys.map((key) => Prisma.sql`${key}::text, ${auto.first}::int + x.n`),
      )})`
    : Prisma.sql`x.fields`;
  await tx.$queryRaw(Prisma.sql`
    WITH created AS (
      INSERT INTO news (id, class_id, title, short_title, intro, content, hr_type, process, new_time, fields, is_lock,
        created_by, updated_by, updated_at)
      SELECT (${ids}::int[])[x.n + 1], ${category.id}::int, x.title, x.short_title, x.intro, x.content, '', x.process,
        COALESCE(x.new_time, now()), ${fields}, x.is_lock, ${actorId}::int, ${actorId}::int, now()
      FROM jsonb_to_recordset(${batch.rows.toString()}::jsonb) AS x(n int, title text, short_title text, intro text,
        content text, process int, new_time timestamptz, fields jsonb, is_lock boolean)
      ORDER BY x.n
      RETURNING *),
    ${firstRevisionCtes({ from: Prisma.sql`created`, action: 'import' })}
    SELECT count(*)::int AS count FROM created`);
  await recordItemWords(
    tx,
    batch.words.map((entry) => ({ id: ids[entry.n], words: entry.words })),
  );
  await recordPreparedAudit(tx, { action: 'create', targetType: 'news', json: batch.audit.toString(), ids });
};

/** Writes a batch of updates, but for the items in `skip` (changed since they were read). */
export const writeUpdates = async (
  tx: Prisma.TransactionClient,
  { batch, actorId, skip }: { batch: UpdateBatch; actorId: number; skip: ReadonlySet<number> },
) => {
  const left = batch.ids.filter((id) => skip.has(id));
  if (left.length === batch.ids.length) return;
  await tx.$queryRaw(Prisma.sql`
    WITH changed AS (
      UPDATE news n SET
        title = x.title,
        short_title = COALESCE(x.short_title, n.short_title),
        intro = COALESCE(x.intro, n.intro),
        content = COALESCE(x.content, n.content),
        new_time = COALESCE(x.new_time, n.new_time),
        fields = x.fields,
        is_lock = COALESCE(x.is_lock, n.is_lock),
        updated_by = ${actorId}::int,
        updated_at = now()
      FROM jsonb_to_recordset(${batch.rows.toString()}::jsonb) AS x(id int, title text, short_title text, intro text,
        content text, new_time timestamptz, fields jsonb, is_lock boolean)
      WHERE n.id = x.id AND NOT (x.id = ANY(${left}::int[]))
      RETURNING n.*),
    ${batchRevisionCtes({ from: Prisma.sql`changed`, action: 'import' })}
    SELECT count(*)::int AS count FROM changed`);
  await recordItemWords(
    tx,
    batch.words.filter((entry) => !skip.has(entry.id)),
  );
  await recordPreparedAudit(tx, {
    action: 'update',
    targetType: 'news',
    json: batch.audit.toString(),
    skip: left,
  });
};
