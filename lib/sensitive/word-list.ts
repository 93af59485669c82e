import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildMatcher, type Matcher } from './matcher';
import { normaliseWord } from './normalise';
import type { SensitiveLevel } from './levels';

/** A word of the lists as the check needs it. */
export type ListedWord = {
  id: number;
  word: string;
  isAllow: boolean;
  level: SensitiveLevel | null;
  replacement: string;
  note: string;
};

/** Both lists at one version, with their matcher (null when the deny list is empty: nothing to find). */
export type WordList = { version: string; words: ListedWord[]; matcher: Matcher | null };

/**
 * The lists as this process last read them. A call reads the version row at most once a second
 * (CHECK_MS) and rebuilds the matcher only when the version has moved: a change made by another
 * process is used here within about a second, one made by this process at once (forgetWordList).
 * On globalThis: the route bundles each get their own copy of this module, and a change through
 * one must drop the lists every copy holds.
 */
const CHECK_MS = 1000;
type WordListState = {
  list: WordList | null;
  checkedAt: number;
  generation: number;
  loading: Promise<WordList> | null;
};
const store = globalThis as typeof globalThis & { __cmsSensitiveWords?: WordListState };
const state = (store.__cmsSensitiveWords ??= { list: null, checkedAt: 0, generation: 0, loading: null });

type WordRow = {
  version: string;
  id: number | null;
  word: string | null;
  list: string | null;
  level: string | null;
  replacement: string | null;
  note: string | null;
};

/** The version and every word, in one statement (one snapshot). */
const readList = async (): Promise<WordList> => {
  const sql = await getSql();
  const rows = await sql.query<WordRow>(Prisma.sql`
    SELECT COALESCE(v.version, 0)::text AS version, w.id, w.word, w.list, w.level, w.replacement, w.note
    FROM (SELECT 1) AS one
    LEFT JOIN sensitive_word_version v ON v.id = 1
    LEFT JOIN sensitive_word w ON true
    ORDER BY w.id`);
  const version = rows[0]?.version ?? '0';
  const listed = rows.filter((row) => row.id !== null);
  const words: ListedWord[] = listed.map((row) => ({
    id: row.id as number,
    word: row.word ?? '',
    isAllow: row.list === 'allow',
    level: (row.level as SensitiveLevel | null) ?? null,
    replacement: row.replacement ?? '',
    note: row.note ?? '',
  }));
  const hasDeny = words.some((word) => !word.isAllow);
  // Normalised again, not taken from the column: the text is normalised by this process's code, and
  // a word stored by an older version of it must still match the same way (the column keeps words
  // unique; it is not what is matched).
  const matcher = hasDeny
    ? buildMatcher(
        listed.map((row) => ({ normalised: normaliseWord(row.word ?? ''), isAllow: row.list === 'allow' })),
      )
    : null;
  return { version, words, matcher };
};

const readVersion = async () => {
  const sql = await getSql();
  const [row] = await sql.query<{ version: string }>(
    Prisma.sql`SELECT version::text AS version FROM sensitive_word_version WHERE id = 1`,
    { prepare: true },
  );
  return row?.version ?? '0';
};

const load = () => {
  const generation = state.generation;
  const loading = (async () => {
    const list = await readList();
    // A read in flight across a change of this process must not put the old lists back.
    if (generation === state.generation) {
      state.list = list;
      state.checkedAt = Date.now();
    }
    return list;
  })();
  state.loading = loading;
  loading
    .finally(() => {
      if (state.loading === loading) state.loading = null;
    })
    .catch(() => {});
  return loading;
};

/** The current lists and their matcher: built once per version, shared by every check. */
export const currentWordList = async (): Promise<WordList> => {
  const { list } = state;
  if (list && Date.now() - state.checkedAt < CHECK_MS) return list;
  if (state.loading) return state.loading;
  if (list) {
    const generation = state.generation;
    const version = await readVersion();
    if (version === list.version && generation === state.generation) {
      state.checkedAt = Date.now();
      return list;
    }
  }
  return state.loading ?? load();
};

/** Drops the lists this process holds: called after a change of them commits. */
export const forgetWordList = () => {
  state.generation += 1;
  state.list = null;
  state.loading = null;
};
