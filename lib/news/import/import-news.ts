import 'server-only';
import { createHash } from 'node:crypto';
import { currentActor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/record';
import { getDb, getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { markCheckedIfEmpty } from '@/lib/sensitive/item-hits';
import { currentWordList } from '@/lib/sensitive/word-list';
import dayjs from 'dayjs';
import { CLASS_STAMP, toListClass } from '../load-class';
import { LOCKED_MESSAGE } from '../lock-rules';
import type { SaveActor } from '../save-base';
import { cellText, type CellValue } from './convert-cell';
import { KEY_FIELD_TYPES } from './key-types';
import { resolveMapping, rememberedMapping, type ImportMapping } from './mapping';
import type { Column, ImportProgress, Plan, RowError } from './plan';
import { planRows, previewOf } from './plan-rows';
import { columnLetter, readImportFile } from './read-file';
import { importTargets } from './targets';
import { assignAutoNumbers, release, writeCreates, writeUpdates } from './write-plans';

export type { ImportProgress, RowError } from './plan';

export type ImportMode = 'dry_run' | 'commit';
export type OnError = 'all' | 'skip';

export type ImportAnswer = {
  mode: ImportMode;
  committed: boolean;
  file_name: string;
  file_hash: string;
  total: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  key: string;
  mapping: ImportMapping;
  columns: { column: string; header: string; field: string; samples: string[] }[];
  targets: { key: string; title: string; type: string; required: boolean }[];
  repeat_of: { imported_at: number; username: string } | null;
  errors: RowError[];
  errors_total: number;
  preview: Record<string, unknown>[];
};

/** What the error export needs: the header row and each bad row's cells with its messages. */
export type BadRows = { headers: string[]; rows: { row: number; cells: CellValue[]; message: string }[] };

const ERRORS_ANSWERED_MAX = 1000;
const PREVIEW_ROWS = 20;
const WRITE_BATCH = 500;
/** A commit's transaction may run this long (a 50,000-row file on PGlite). */
const COMMIT_TIMEOUT_MS = 300_000;

const refuse = (message: string, data?: unknown) =>
  new AppError({ code: ErrorCode.badRequest, message, ...(data === undefined ? {} : { data }) });

/** The category with the stamp of the same read (what a commit checks it still is). */
const readCategory = async (classId: number) => {
  const sql = await getSql();
  const [row] = await sql.query<{
    id: number;
    name: string;
    class_type: string;
    content_fields: unknown;
    stamp: string;
  }>(
    Prisma.sql`SELECT c.id, c.name, c.class_type, c.content_fileds AS content_fields, ${CLASS_STAMP} AS stamp
      FROM news_class c WHERE c.id = ${classId}`,
  );
  const category = toListClass(
    row && { id: row.id, name: row.name, classType: row.class_type, contentFields: row.content_fields },
  );
  return { category, stamp: row.stamp };
};

type Repeat = { imported_at: number; username: string } | null;

const findRepeat = async (
  runner: { $queryRaw: <T>(query: Prisma.Sql) => Prisma.PrismaPromise<T> },
  { classId, hash }: { classId: number; hash: string },
): Promise<Repeat> => {
  const [row] = await runner.$queryRaw<{ created_at: Date; username: string }[]>(Prisma.sql`
    SELECT created_at, username FROM news_import_file WHERE class_id = ${classId} AND file_hash = ${hash}
    ORDER BY id DESC LIMIT 1`);
  return row ? { imported_at: Math.floor(row.created_at.getTime() / 1000), username: row.username } : null;
};

export const repeatMessage = (repeat: NonNullable<Repeat>) =>
  `该文件已于 ${dayjs.unix(repeat.imported_at).format('YYYY-MM-DD HH:mm')} 由 ${repeat.username || '系统'} 导入到本栏目；如确需再次导入，请勾选「允许重复导入」（allow_repeat: 1）`;

export type ImportOptions = {
  classId: number;
  fileName: string;
  bytes: Buffer;
  mapping?: ImportMapping;
  mode: ImportMode;
  onError: OnError;
  key?: string;
  allowRepeat: boolean;
  isConfirmed: boolean;
  actor: SaveActor;
  progress?: ImportProgress;
};

/**
 * import_news: reads the file (read-file.ts), maps its columns (mapping.ts), plans every row
 * (planRows) and, in commit mode, writes the planned rows in one transaction: all of them, or
 * with on_error=skip the good ones (with on_error=all any bad row refuses the whole import with
 * 400 and writes nothing). Each created or updated item gets its revision (`import`) and the
 * 操作日志 entry its save would write; the import one entry of its own (target: the category);
 * the file's hash is recorded so the same file is not committed twice by mistake.
 */
export const importNews = async (options: ImportOptions) => {
  const { classId, fileName, bytes, mode, onError, actor } = options;
  const progress = options.progress ?? (() => {});
  const hash = createHash('sha256').update(bytes).digest('hex');
  progress({ phase: 'read', done: 0, total: 0 });
  const sheet = await readImportFile({ name: fileName, bytes });
  const { category, stamp } = await readCategory(classId);
  const targets = importTargets(category.schema);
  const remembered = await rememberedMapping(classId);
  const mapping = resolveMapping({
    headers: sheet.headers,
    targets,
    explicit: options.mapping,
    remembered: remembered?.mapping ?? null,
  });
  const columns: Column[] = sheet.headers.flatMap((header, index) => {
    const target = targets.find((entry) => entry.key === mapping[header]);
    return header && target ? [{ index, header, letter: columnLetter(index), target }] : [];
  });
  const keyName = options.key ?? '';
  let keyColumn: Column | null = null;
  if (keyName) {
    const target = targets.find((entry) => entry.key === keyName);
    if (
      !target ||
      target.kind === 'lock' ||
      (target.kind === 'field' && !KEY_FIELD_TYPES.has(target.field.type))
    )
      throw refuse(
        `不能按「${target?.title ?? keyName.slice(0, 30)}」查找要更新的内容，请选择 ID、标题或单值字段`,
      );
    keyColumn = columns.find((column) => column.target.key === keyName) ?? null;
    if (!keyColumn) throw refuse(`按「${target.title}」更新需要文件中有对应的列，请在映射中选择`);
  } else if (columns.some((column) => column.target.kind === 'id')) {
    // An ID column without key=id would create copies: say so instead.
    keyColumn = null;
  }
  if (!columns.some((column) => column.target.kind !== 'id'))
    throw refuse('没有任何列对应到栏目的字段，请在映射中为列选择字段');
  const repeat = await findRepeat(await getDb(), { classId, hash });
  if (mode === 'commit' && repeat && !options.allowRepeat)
    throw refuse(repeatMessage(repeat), { repeat_of: repeat });

  const list = await currentWordList();
  const { plans, errors, badRows } = await planRows({
    category,
    rows: sheet.rows,
    columns,
    keyColumn,
    list,
    actor,
    isConfirmed: options.isConfirmed,
    progress,
  });

  // What the answer shows of the rows is taken now: a commit lets go of each row's values once written.
  const columnsAnswer = sheet.headers.flatMap((header, index) =>
    header
      ? [
          {
            column: columnLetter(index),
            header,
            field: mapping[header] ?? '',
            samples: sheet.rows
              .slice(0, 3)
              .map((entry) => cellText(entry.cells[index] ?? null).slice(0, 100)),
          },
        ]
      : [],
  );
  const previews = plans
    .filter((plan) => !badRows.has(plan.row))
    .slice(0, PREVIEW_ROWS * 2)
    .map((plan) => ({ row: plan.row, preview: previewOf(plan, category) }));

  const answer = (written: boolean, late: RowError[] = []): ImportAnswer => {
    const allErrors = [...errors, ...late].sort((a, b) => a.row - b.row);
    const bad = new Set(allErrors.map((error) => error.row));
    const good = plans.filter((plan) => !bad.has(plan.row));
    const count = (action: Plan['action']) => good.filter((plan) => plan.action === action).length;
    const writes = written || mode === 'dry_run';
    return {
      mode,
      committed: written,
      file_name: fileName,
      file_hash: hash,
      total: sheet.rows.length,
      valid: good.length,
      created: writes ? count('create') : 0,
      updated: writes ? count('update') : 0,
      unchanged: writes ? count('unchanged') : 0,
      skipped: bad.size,
      key: keyName,
      mapping,
      columns: columnsAnswer,
      targets: targets.map((target) => ({
        key: target.key,
        title: target.title,
        type:
          target.kind === 'id' ? 'id' : target.kind === 'lock' ? 'switch' : (target.field?.type ?? 'string'),
        required: target.key === 'title' || Boolean(target.kind === 'field' && target.field.ismust),
      })),
      repeat_of: repeat,
      errors: allErrors.slice(0, ERRORS_ANSWERED_MAX),
      errors_total: allErrors.length,
      preview: previews
        .filter((entry) => !bad.has(entry.row))
        .slice(0, PREVIEW_ROWS)
        .map((entry) => entry.preview),
    };
  };
  const bad = (): BadRows => ({
    headers: sheet.headers,
    rows: sheet.rows
      .filter((entry) => badRows.has(entry.row))
      .map((entry) => ({ row: entry.row, cells: entry.cells, message: badRows.get(entry.row)!.join('；') })),
  });

  if (mode === 'dry_run') return { answer: answer(false), badRows: bad() };
  if (errors.length > 0 && onError === 'all')
    throw refuse(
      `有 ${badRows.size} 行有错误（第 ${errors[0].row} 行起），未导入任何内容；请修改后重试，或选择跳过错误行`,
      { ...answer(false), bad_rows: bad() },
    );

  // The cells of a row that creates are not needed again (only bad rows go to the error export,
  // and only an update can turn bad during the commit): let them go before the writes.
  const creating = new Set(plans.filter((plan) => plan.action === 'create').map((plan) => plan.row));
  for (const entry of sheet.rows) if (creating.has(entry.row)) entry.cells = [];

  const late: RowError[] = [];
  const db = await getDb();
  const actorInfo = currentActor();
  await db.$transaction(
    async (tx) => {
      const [current] = await tx.$queryRaw<{ name: string; stamp: string }[]>(Prisma.sql`
        SELECT c.name, ${CLASS_STAMP} AS stamp FROM news_class c WHERE c.id = ${classId} FOR UPDATE`);
      if (!current) throw new AppError({ code: ErrorCode.notFound, message: '栏目不存在' });
      if (current.stamp !== stamp) throw refuse('栏目的字段设置在导入期间被修改，未导入任何内容，请重新导入');
      const again = await findRepeat(tx, { classId, hash });
      if (again && !options.allowRepeat) throw refuse(repeatMessage(again), { repeat_of: again });

      // The rows updated are locked and must be as they were read: not edited, locked or moved since.
      const updates = plans.filter((plan) => plan.action === 'update' || plan.action === 'unchanged');
      if (updates.length > 0) {
        const now = await tx.$queryRaw<
          { id: number; class_id: number; is_lock: boolean; row_version: string }[]
        >(
          Prisma.sql`SELECT id, class_id, is_lock, xmin::text AS row_version FROM news
            WHERE id = ANY(${updates.map((plan) => plan.existing!.id)}::int[]) FOR UPDATE`,
        );
        const byId = new Map(now.map((row) => [row.id, row]));
        for (const plan of updates) {
          const row = byId.get(plan.existing!.id);
          if (
            row &&
            row.class_id === classId &&
            !row.is_lock &&
            row.row_version === plan.existing!.row_version
          )
            continue;
          const message = row?.is_lock
            ? LOCKED_MESSAGE
            : `ID 为 ${plan.existing!.id} 的内容在导入期间被修改、移动或删除，请重新导入`;
          late.push({
            row: plan.row,
            column: keyColumn?.header ?? '',
            cell: keyColumn ? `${keyColumn.letter}${plan.row}` : '',
            field: keyColumn?.target.key ?? '',
            message,
          });
        }
        if (late.length > 0 && onError === 'all')
          throw refuse(`第 ${late[0].row} 行：${late[0].message}；未导入任何内容`);
      }
      const lateRows = new Set(late.map((error) => error.row));
      const creates = plans.filter((plan) => plan.action === 'create');
      const changed = plans.filter((plan) => plan.action === 'update' && !lateRows.has(plan.row));
      const total = creates.length + changed.length;
      let done = 0;
      progress({ phase: 'write', done, total });
      await markCheckedIfEmpty(tx, { classId, version: list.version });
      await assignAutoNumbers(tx, category, creates);
      for (let at = 0; at < creates.length; at += WRITE_BATCH) {
        const batch = creates.slice(at, at + WRITE_BATCH);
        await writeCreates(tx, category, batch, actor.id);
        release(batch);
        done += batch.length;
        progress({ phase: 'write', done, total });
      }
      for (let at = 0; at < changed.length; at += WRITE_BATCH) {
        const batch = changed.slice(at, at + WRITE_BATCH);
        await writeUpdates(tx, batch, actor.id);
        release(batch);
        done += batch.length;
        progress({ phase: 'write', done, total });
      }
      const skipped = badRows.size + late.length;
      await recordAudit(tx, {
        action: 'import',
        targetType: 'class',
        targetId: classId,
        detail: {
          name: current.name,
          file: fileName,
          sha256: hash,
          values: {
            rows: sheet.rows.length,
            created: creates.length,
            updated: changed.length,
            skipped,
            bytes: bytes.length,
          },
        },
      });
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO news_import_file (class_id, file_hash, file_name, user_id, username, created, updated, skipped)
        VALUES (${classId}, ${hash}, ${fileName.slice(0, 255)}, ${actorInfo.userId}::int, ${actorInfo.username.slice(0, 64)},
          ${creates.length}, ${changed.length}, ${skipped})`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO news_import_mapping (class_id, mapping, key, updated_by, updated_at)
        VALUES (${classId}, ${JSON.stringify(mapping)}::jsonb, ${keyName}, ${actorInfo.userId}::int, now())
        ON CONFLICT (class_id) DO UPDATE SET mapping = EXCLUDED.mapping, key = EXCLUDED.key,
          updated_by = EXCLUDED.updated_by, updated_at = now()`);
    },
    { timeout: COMMIT_TIMEOUT_MS },
  );
  const written = answer(true, late);
  const lateBad = new Map(late.map((error) => [error.row, error.message]));
  const rows = bad();
  for (const entry of sheet.rows)
    if (lateBad.has(entry.row))
      rows.rows.push({ row: entry.row, cells: entry.cells, message: lateBad.get(entry.row)! });
  rows.rows.sort((a, b) => a.row - b.row);
  return { answer: written, badRows: rows };
};
