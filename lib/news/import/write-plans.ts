import 'server-only';
import { recordAudit, type AuditEntry } from '@/lib/audit/record';
import { Prisma } from '@/lib/generated/prisma/client';
import { firstRevisionCtes, revisionCtes } from '@/lib/revisions/record-revision';
import { screenAuditDetail } from '@/lib/sensitive/check-text';
import { recordItemWords } from '@/lib/sensitive/item-hits';
import type { ListClass } from '../load-class';
import { changesOf } from '../update-news';
import type { Plan } from './plan';
// The write phase of import_news (import-news.ts): running numbers, then the planned creates and
// updates in batches of 500, each batch set-based — one statement writes the rows with their
// revisions (creates: firstRevisionCtes, worked out in the statement; updates: cms_news_revision_row
// per item, which needs the item's last revision), one its 操作日志 entries, one its 敏感词 words
// (for the 首页). news' statement triggers keep the category's counters.

/** Running numbers of the creates, one more than the largest stored (under the category's lock). */
export const assignAutoNumbers = async (
  tx: Prisma.TransactionClient,
  category: ListClass,
  creates: Plan[],
) => {
  const keys = category.schema.list.filter((field) => field.type === 'auto').map((field) => field.key);
  if (keys.length === 0 || creates.length === 0) return;
  const [{ next }] = await tx.$queryRaw<{ next: number }[]>(Prisma.sql`
    SELECT COALESCE(MAX((fields ->> ${keys[0]}::text)::bigint), 0)::int + 1 AS next FROM news
    WHERE class_id = ${category.id} AND jsonb_typeof(fields -> ${keys[0]}::text) = 'number'`);
  creates.forEach((plan, index) => {
    for (const key of keys) plan.fields[key] = next + index;
  });
};

export const writeCreates = async (
  tx: Prisma.TransactionClient,
  category: ListClass,
  creates: Plan[],
  actorId: number,
) => {
  const ids = (
    await tx.$queryRaw<{ id: number }[]>(Prisma.sql`
      SELECT nextval(pg_get_serial_sequence('news', 'id'))::int AS id FROM generate_series(1, ${creates.length}::int)`)
  ).map((row) => row.id);
  const records = creates.map((plan, index) => ({
    id: ids[index],
    title: plan.base.title,
    short_title: plan.base.shortTitle ?? '',
    intro: plan.base.intro ?? '',
    content: plan.base.content ?? '',
    process: plan.base.process ?? 0,
    new_time: plan.base.newTime?.toISOString() ?? null,
    fields: plan.fields,
    is_lock: plan.isLock ?? false,
  }));
  await tx.$queryRaw(Prisma.sql`
    WITH created AS (
      INSERT INTO news (id, class_id, title, short_title, intro, content, hr_type, process, new_time, fields, is_lock,
        created_by, updated_by, updated_at)
      SELECT x.id, ${category.id}::int, x.title, x.short_title, x.intro, x.content, '', x.process,
        COALESCE(x.new_time, now()), x.fields, x.is_lock, ${actorId}::int, ${actorId}::int, now()
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(id int, title text, short_title text, intro text,
        content text, process int, new_time timestamptz, fields jsonb, is_lock boolean)
      ORDER BY x.id
      RETURNING *),
    ${firstRevisionCtes({ from: Prisma.sql`created`, action: 'import' })}
    SELECT count(*)::int AS count FROM created`);
  await recordItemWords(
    tx,
    creates.flatMap((plan, index) => (plan.words.length > 0 ? [{ id: ids[index], words: plan.words }] : [])),
  );
  await recordAudit(
    tx,
    creates.map((plan, index): AuditEntry => ({
      action: 'create',
      targetType: 'news',
      targetId: ids[index],
      detail: {
        name: plan.base.title,
        import: true,
        values: { class_id: category.id, class_name: category.name },
        ...(plan.screened ? screenAuditDetail(plan.screened) : {}),
      },
    })),
  );
};

export const writeUpdates = async (tx: Prisma.TransactionClient, updates: Plan[], actorId: number) => {
  const records = updates.map((plan) => ({
    id: plan.existing!.id,
    title: plan.base.title,
    short_title: plan.base.shortTitle ?? null,
    intro: plan.base.intro ?? null,
    content: plan.base.content ?? null,
    new_time: plan.base.newTime?.toISOString() ?? null,
    fields: plan.fields,
    is_lock: plan.isLock ?? null,
  }));
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
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(id int, title text, short_title text, intro text,
        content text, new_time timestamptz, fields jsonb, is_lock boolean)
      WHERE n.id = x.id
      RETURNING n.*),
    ${revisionCtes({ from: Prisma.sql`changed`, action: 'import' })}
    SELECT count(*)::int AS count FROM changed`);
  await recordItemWords(
    tx,
    updates.map((plan) => ({ id: plan.existing!.id, words: plan.words })),
  );
  await recordAudit(
    tx,
    updates.map((plan): AuditEntry => {
      const row = plan.existing!;
      const changes = changesOf({ row, base: plan.base, fields: plan.fields });
      if (plan.isLock !== undefined && plan.isLock !== row.is_lock)
        Object.assign(changes, { is_lock: { from: row.is_lock, to: plan.isLock } });
      return {
        action: 'update',
        targetType: 'news',
        targetId: row.id,
        detail: {
          name: row.title,
          import: true,
          changes,
          ...(plan.screened ? screenAuditDetail(plan.screened) : {}),
        },
      };
    }),
  );
};

/** A written row's values are let go (a 50,000-row commit holds only the batches still to write). */
export const release = (batch: Plan[]) => {
  for (const plan of batch) {
    plan.fields = {};
    plan.base = { title: plan.base.title, updatedBy: plan.base.updatedBy };
    plan.existing = null;
  }
};
