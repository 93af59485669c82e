import 'server-only';
import { auditChanges } from '@/lib/audit/changes';
import { recordAudit } from '@/lib/audit/record';
import { currentActor } from '@/lib/audit/actor';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import {
  SENSITIVE_LIST_LABELS,
  type SensitiveLevel,
  type SensitiveList,
  type SensitiveWordRow,
} from './levels';
import { normaliseWord } from './normalise';
import type { TSaveSensitiveWordInput, TSensitiveWordsQuery } from './schemas';
import { forgetWordList } from './word-list';

/** Both lists together hold at most this many words (save and import refuse beyond). */
export const SENSITIVE_WORDS_MAX = 100_000;

export const WORD_NOT_FOUND = '词语不存在';
export const ONLY_FILLERS = '词语不能只由空格、标点或符号组成';

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

const charCount = (text: string) => [...text].length;

/** A replace word's replacement: as given, or `*` once per character of the word. */
export const replacementFor = ({
  word,
  level,
  replacement,
}: {
  word: string;
  level: SensitiveLevel | null;
  replacement: string;
}) => (level === 'replace' ? replacement || '*'.repeat(charCount(word)) : '');

type Tx = Prisma.TransactionClient;

/** Moves the lists' version (every process rebuilds its matcher) and holds its row lock to the commit. */
export const bumpWordListVersion = (tx: Tx) =>
  tx.$executeRaw`
    INSERT INTO sensitive_word_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = sensitive_word_version.version + 1`;

export const countWords = async (tx: Tx) =>
  Number((await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM sensitive_word`)[0]?.n ?? 0);

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type Row = {
  id: number;
  word: string;
  list: string;
  level: string | null;
  replacement: string;
  note: string;
  created_by_name: string;
  created_at: Date;
  total: bigint | number;
};

export const toWordRow = (row: Omit<Row, 'total'>): SensitiveWordRow => ({
  id: row.id,
  word: row.word,
  list: row.list as SensitiveList,
  level: row.level as SensitiveLevel | null,
  replacement: row.replacement,
  note: row.note,
  created_by: row.created_by_name,
  created_at: seconds(row.created_at),
});

/**
 * get_sensitive_words: one list, newest first, searched by `word` in the word as written or in
 * its normalised form (so 「敏感」 finds 「敏 感 词」 and 「敏感詞」).
 */
export const findSensitiveWords = async ({ page, limit, word, level, list }: TSensitiveWordsQuery) => {
  const db = await getDb();
  const conditions = [Prisma.sql`list = ${list}`];
  if (level && list === 'deny') conditions.push(Prisma.sql`level = ${level}`);
  if (word) {
    const normalised = normaliseWord(word);
    conditions.push(
      normalised
        ? Prisma.sql`(word ILIKE ${likePattern(word)} OR normalised LIKE ${likePattern(normalised)})`
        : Prisma.sql`word ILIKE ${likePattern(word)}`,
    );
  }
  const where = Prisma.join(conditions, ' AND ');
  const rows = await db.$queryRaw<Row[]>`
    SELECT id, word, list, level, replacement, note, created_by_name, created_at, count(*) OVER () AS total
    FROM sensitive_word WHERE ${where}
    ORDER BY id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  const total = rows.length
    ? Number(rows[0].total)
    : Number(
        (await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM sensitive_word WHERE ${where}`)[0].n,
      );
  return { data: rows.map(toWordRow), total };
};

/** The word of the same list with the same normalised form, if any (another than `id`). */
const findDuplicate = async (
  tx: Tx,
  { list, normalised, id }: { list: string; normalised: string; id?: number },
) => {
  const [row] = await tx.$queryRaw<{ id: number; word: string }[]>`
    SELECT id, word FROM sensitive_word WHERE list = ${list} AND normalised = ${normalised}
      AND id <> ${id ?? 0} LIMIT 1`;
  return row;
};

/**
 * save_sensitive_word: adds a word (no id) or changes one. Unique in its list by its normalised
 * form; a change applies at once here (forgetWordList) and within a second in other processes
 * (the version it moves). 操作日志: create / update with the changes.
 */
export const saveSensitiveWord = async (input: TSaveSensitiveWordInput) => {
  const normalised = normaliseWord(input.word);
  if (!normalised) throw bad(ONLY_FILLERS);
  const values = {
    word: input.word,
    list: input.list,
    level: input.level,
    replacement: replacementFor(input),
    note: input.note,
  };
  const actor = currentActor();
  const db = await getDb();
  const id = await db.$transaction(async (tx) => {
    await bumpWordListVersion(tx);
    const duplicate = await findDuplicate(tx, { list: input.list, normalised, id: input.id });
    if (duplicate)
      throw bad(
        duplicate.word === input.word
          ? `「${input.word}」已在${SENSITIVE_LIST_LABELS[input.list]}中`
          : `「${input.word}」与${SENSITIVE_LIST_LABELS[input.list]}中的「${duplicate.word}」相同（忽略大小写、全半角、繁简与标点）`,
      );
    if (input.id === undefined) {
      if ((await countWords(tx)) >= SENSITIVE_WORDS_MAX)
        throw bad(`敏感词与白名单合计最多 ${SENSITIVE_WORDS_MAX} 个`);
      const [created] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO sensitive_word (list, word, normalised, level, replacement, note, created_by, created_by_name)
        VALUES (${values.list}, ${values.word}, ${normalised}, ${values.level}, ${values.replacement},
          ${values.note}, ${actor.userId}, ${(actor.name ?? actor.username).slice(0, 64)})
        RETURNING id`;
      await recordAudit(tx, {
        action: 'create',
        targetType: 'sensitive_word',
        targetId: created.id,
        detail: { name: values.word, values },
      });
      return created.id;
    }
    const [before] = await tx.$queryRaw<
      { word: string; list: string; level: string | null; replacement: string; note: string }[]
    >`SELECT word, list, level, replacement, note FROM sensitive_word WHERE id = ${input.id} FOR UPDATE`;
    if (!before) throw new AppError({ code: ErrorCode.notFound, message: WORD_NOT_FOUND });
    await tx.$executeRaw`
      UPDATE sensitive_word SET list = ${values.list}, word = ${values.word}, normalised = ${normalised},
        level = ${values.level}, replacement = ${values.replacement}, note = ${values.note}, updated_at = now()
      WHERE id = ${input.id}`;
    await recordAudit(tx, {
      action: 'update',
      targetType: 'sensitive_word',
      targetId: input.id,
      detail: { name: before.word, changes: auditChanges(before, values) },
    });
    return input.id;
  });
  forgetWordList();
  return { id };
};

/** del_sensitive_word: deletes the words (all or none: an unknown id refuses the call). */
export const deleteSensitiveWords = async (ids: number[]) => {
  const db = await getDb();
  const count = await db.$transaction(async (tx) => {
    await bumpWordListVersion(tx);
    const rows = await tx.$queryRaw<{ id: number; word: string; list: string; level: string | null }[]>`
      DELETE FROM sensitive_word WHERE id = ANY(${ids}) RETURNING id, word, list, level`;
    if (rows.length !== ids.length) throw new AppError({ code: ErrorCode.notFound, message: WORD_NOT_FOUND });
    await recordAudit(
      tx,
      rows.map((row) => ({
        action: 'delete' as const,
        targetType: 'sensitive_word' as const,
        targetId: row.id,
        detail: {
          name: row.word,
          values: { list: row.list, level: row.level },
          ...(ids.length > 1 ? { batch: ids.length } : {}),
        },
      })),
    );
    return rows.length;
  });
  forgetWordList();
  return { count };
};
