import 'server-only';
import { createHash } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import { currentWordList } from '@/lib/sensitive/word-list';
import type { SaveActor } from '../save-base';
import { KEY_FIELD_TYPES } from './key-types';
import { resolveMapping, rememberedMapping, type ImportMapping } from './mapping';
import { commitImport } from './commit-import';
import { answerOf, PREVIEW_ROWS, type ImportMode, type OnError } from './import-answer';
import { findRepeat, readCategory, refuse, repeatMessage } from './import-checks';
import { keptCells } from './kept-cells';
import { pendingWrites } from './pending-writes';
import type { Column, ImportProgress } from './plan';
import { rowPlanner } from './plan-rows';
import { previewOf } from './preview';
import { columnLetter, type ImportSheet, type SheetRow } from './open-sheet';
import { openImportFile } from './read-file';
import { importTargets } from './targets';

export type { ImportProgress, RowError } from './plan';

export type { BadRows, ImportAnswer, ImportMode, OnError } from './import-answer';

/** Rows planned at a time (each slice's keys looked up together). */
const PLAN_SLICE = 500;

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
 * import_news: opens the file (read-file.ts), maps its columns (mapping.ts) and plans its rows as
 * they are read, 500 at a time (plan-rows.ts); in commit mode each good row is set aside as what
 * its write sends (pending-writes.ts) and they are written in one transaction (commit-import.ts):
 * all of them, or with on_error=skip the good ones (with on_error=all any bad row refuses the
 * whole import with 400 and writes nothing). Each created or updated item gets its revision
 * (`import`) and the 操作日志 entry its save would write; the import one entry of its own (target:
 * the category); the file's hash is recorded so the same file is not committed twice by mistake.
 * Held meanwhile: the file, the answer's samples and preview, the errors and the bad rows' cells,
 * the cells of the rows that update (one can turn bad in the commit) and the prepared writes.
 */
export const importNews = async (options: ImportOptions) => {
  const { fileName, bytes } = options;
  const progress = options.progress ?? (() => {});
  const hash = createHash('sha256').update(bytes).digest('hex');
  void progress({ phase: 'read', done: 0, total: 0 });
  const sheet = await openImportFile({ name: fileName, bytes });
  try {
    return await importSheet(options, { sheet, hash, progress });
  } finally {
    // A refusal before the last row leaves the reader open: close it.
    await sheet.close();
  }
};

const importSheet = async (
  options: ImportOptions,
  {
    sheet,
    hash,
    progress,
  }: {
    sheet: ImportSheet;
    hash: string;
    progress: ImportProgress;
  },
) => {
  const { classId, fileName, mode, onError, actor } = options;
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
      // A base key is looked up as text: only the titles (not 发布时间, 简介 or 内容).
      (target.kind === 'base' && target.key !== 'title' && target.key !== 'short_title') ||
      (target.kind === 'field' && !KEY_FIELD_TYPES.has(target.field.type))
    )
      throw refuse(
        `不能按「${target?.title ?? keyName.slice(0, 30)}」查找要更新的内容，请选择 ID、标题或单值字段`,
      );
    keyColumn = columns.find((column) => column.target.key === keyName) ?? null;
    if (!keyColumn) throw refuse(`按「${target.title}」更新需要文件中有对应的列，请在映射中选择`);
  }
  if (!columns.some((column) => column.target.kind !== 'id'))
    throw refuse('没有任何列对应到栏目的字段，请在映射中为列选择字段');
  const repeat = await findRepeat(await getDb(), { classId, hash });
  if (mode === 'commit' && repeat && !options.allowRepeat)
    throw refuse(repeatMessage(repeat), { repeat_of: repeat });

  const list = await currentWordList();
  const planner = rowPlanner({
    category,
    columns,
    keyColumn,
    list,
    actor,
    isConfirmed: options.isConfirmed,
  });
  const { errors, badRows } = planner;
  const writes = mode === 'commit' ? pendingWrites(category) : null;
  // What the answer shows and the error export needs of the rows, kept as they pass.
  const samples: SheetRow[] = [];
  const previews: { row: number; preview: ReturnType<typeof previewOf> }[] = [];
  const counts = { create: 0, update: 0, unchanged: 0 };
  /** The cells of the bad rows and of the rows that update (they may turn bad in the commit). */
  const kept = keptCells();
  let total = 0;
  const planSlice = async (slice: SheetRow[]) => {
    const plans = await planner.planSlice(slice);
    const updating = new Set(plans.filter((plan) => plan.action !== 'create').map((plan) => plan.row));
    for (const entry of slice)
      if (badRows.has(entry.row) || updating.has(entry.row)) kept.set(entry.row, entry.cells);
    for (const plan of plans) {
      counts[plan.action] += 1;
      if (previews.length < PREVIEW_ROWS * 2)
        previews.push({ row: plan.row, preview: previewOf(plan, category) });
      writes?.add(plan);
    }
    await progress({ phase: 'check', done: total, total: Math.max(sheet.estimate, total) });
  };
  let slice: SheetRow[] = [];
  await progress({ phase: 'check', done: 0, total: sheet.estimate });
  for await (const entry of sheet.rows) {
    total += 1;
    if (samples.length < 3) samples.push(entry);
    slice.push(entry);
    if (slice.length >= PLAN_SLICE) {
      await planSlice(slice);
      slice = [];
    }
  }
  await planSlice(slice);
  slice = [];
  await progress({ phase: 'check', done: total, total });
  errors.sort((a, b) => a.row - b.row);

  const { answer, bad } = answerOf({
    mode,
    fileName,
    hash,
    headers: sheet.headers,
    samples,
    total,
    counts,
    errors,
    badRows,
    kept,
    previews,
    keyName,
    mapping,
    targets,
    repeat,
  });

  if (!writes) return { answer: answer(false), badRows: bad() };
  if (errors.length > 0 && onError === 'all')
    throw refuse(
      `有 ${badRows.size} 行有错误（第 ${errors[0].row} 行起），未导入任何内容；请修改后重试，或选择跳过错误行`,
      { ...answer(false), bad_rows: bad() },
    );

  const late = await commitImport({
    options,
    category,
    stamp,
    hash,
    keyName,
    keyColumn,
    mapping,
    writes: writes.finish(),
    listVersion: list.version,
    rows: total,
    skipped: badRows.size,
    progress,
  });
  return {
    answer: answer(true, late.rows, late.errors),
    badRows: bad(new Map(late.errors.map((error) => [error.row, error.message]))),
  };
};
