import 'server-only';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { recordAudit } from '@/lib/audit/record';
import { currentActor } from '@/lib/audit/actor';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { createFileReader } from '@/lib/uploads/file-reader';
import { NO_FILE_MESSAGE, receiveMultipart } from '@/lib/uploads/receive-multipart';
import {
  SENSITIVE_LIST_LABELS,
  SENSITIVE_NOTE_MAX,
  SENSITIVE_REPLACEMENT_MAX,
  SENSITIVE_WORD_MAX,
  type SensitiveLevel,
  type SensitiveList,
} from './levels';
import { normaliseWord } from './normalise';
import { ZSensitiveLevel, ZSensitiveList } from './schemas';
import { bumpWordListVersion, countWords, replacementFor, SENSITIVE_WORDS_MAX } from './words';
import { forgetWordList } from './word-list';

/** The largest file import_sensitive_words takes, checked while it streams in. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Skipped lines answered at most (the count is always whole). */
const SKIPPED_ANSWERED_MAX = 1000;
const INSERT_BATCH = 1000;

const bad = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/**
 * The file's text: UTF-8 (with or without BOM), UTF-16 with a BOM, otherwise GB18030 (which
 * covers GBK and GB2312): a file that is not valid UTF-8 is read as GB18030.
 */
export const decodeWordFile = (bytes: Uint8Array) => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
};

const LEVEL_WORDS: Record<string, SensitiveLevel> = {
  block: 'block',
  warn: 'warn',
  replace: 'replace',
  禁止: 'block',
  提醒: 'warn',
  替换: 'replace',
};

const charCount = (text: string) => [...text].length;
/** An export's cell that starts with = + - @ (or a tab or CR) has a ' before it (export-words.ts). */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
const CONTROL = /[\u0000-\u001f\u007f]/;
const NOTE_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

export type ImportedWord = {
  line: number;
  word: string;
  normalised: string;
  level: SensitiveLevel | null;
  replacement: string;
  note: string;
};
export type SkippedLine = { line: number; reason: string };

/**
 * The words of a file, one a line: `word[,level[,replacement[,note]]]` (CSV: a cell with a comma
 * or a quote is quoted). A first line `word,…` or `词语,…` is a header. Blank lines are passed
 * over; a bad line and a word already in the file are skipped with the line number and a reason.
 */
export const parseWordFile = ({
  text,
  list,
  defaultLevel,
}: {
  text: string;
  list: SensitiveList;
  defaultLevel: SensitiveLevel;
}) => {
  const words: ImportedWord[] = [];
  const skipped: SkippedLine[] = [];
  const seen = new Map<string, number>();
  const source = text.replace(/\r\n?/g, '\n');
  let line = 1;
  let cursor = 0;
  let isFirst = true;
  Papa.parse<string[]>(source, {
    delimiter: ',',
    step: (row) => {
      const at = line;
      const next = row.meta.cursor;
      for (let i = cursor; i < next; i += 1) if (source.charCodeAt(i) === 10) line += 1;
      cursor = next;
      const cells = row.data;
      if (cells.every((cell) => cell.trim() === '')) return;
      const wasFirst = isFirst;
      isFirst = false;
      const skip = (reason: string) => skipped.push({ line: at, reason });
      if (row.errors.length > 0) return skip('格式不正确（引号不成对）');
      if (wasFirst && /^(word|词语)$/i.test(cells[0].trim().replace(/^\ufeff/, ''))) return;
      if (cells.length > 4) return skip('列数过多：每行最多 4 列（词语,级别,替换为,说明）');
      const [rawWord = '', rawLevel = '', rawReplacement = '', rawNote = ''] = cells.map(unescapeFormula);
      const word = rawWord.trim();
      if (!word) return skip('词语为空');
      if (charCount(word) > SENSITIVE_WORD_MAX) return skip(`词语超过 ${SENSITIVE_WORD_MAX} 个字`);
      if (CONTROL.test(word)) return skip('词语包含控制字符');
      const normalised = normaliseWord(word);
      if (!normalised) return skip('词语只有空格、标点或符号');
      let level: SensitiveLevel | null = null;
      if (list === 'deny') {
        const levelText = rawLevel.trim().toLowerCase();
        if (levelText && !LEVEL_WORDS[levelText])
          return skip(
            `级别不正确：${rawLevel.trim().slice(0, 20)}（应为 block/禁止、warn/提醒 或 replace/替换）`,
          );
        level = levelText ? LEVEL_WORDS[levelText] : defaultLevel;
      }
      const replacement = level === 'replace' ? rawReplacement.trim() : '';
      if (charCount(replacement) > SENSITIVE_REPLACEMENT_MAX)
        return skip(`替换为超过 ${SENSITIVE_REPLACEMENT_MAX} 个字`);
      if (CONTROL.test(replacement)) return skip('替换为包含控制字符');
      const note = rawNote.trim();
      if (charCount(note) > SENSITIVE_NOTE_MAX) return skip(`说明超过 ${SENSITIVE_NOTE_MAX} 个字`);
      if (NOTE_CONTROL.test(note)) return skip('说明包含控制字符');
      const earlier = seen.get(normalised);
      if (earlier !== undefined) return skip(`与第 ${earlier} 行重复`);
      seen.set(normalised, at);
      words.push({
        line: at,
        word,
        normalised,
        level,
        replacement: replacementFor({ word, level, replacement }),
        note,
      });
    },
  });
  return { words, skipped };
};

/** The file's bytes, refused (413) once past IMPORT_MAX_BYTES while streaming. */
const readFileBytes = async (stream: Readable) => {
  const reader = createFileReader({ stream });
  const chunks: Buffer[] = [];
  let size = 0;
  for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES) {
      await reader.drain();
      throw new AppError({
        code: ErrorCode.tooLarge,
        message: `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      });
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), size };
};

const FILE_NAME = /\.(txt|csv)$/i;

/**
 * import_sensitive_words: a .txt or .csv file (multipart `file`; `list` deny | allow and `level`,
 * the level of lines that name none, as fields or in the query) added in one transaction: the good
 * lines are added, the others and the words already in the list are skipped and reported by line
 * number. A failure part-way adds nothing. 操作日志: one import entry.
 */
export const importSensitiveWords = async ({ request }: { request: Request }) => {
  const query = new URL(request.url).searchParams;
  const { fields, file } = await receiveMultipart({
    request,
    fileField: 'file',
    maxFileBytes: IMPORT_MAX_BYTES,
    onFile: async ({ file: incoming }) => ({
      name: incoming.filename,
      ...(await readFileBytes(incoming.stream)),
    }),
  });
  if (!file) throw bad(NO_FILE_MESSAGE);
  if (!FILE_NAME.test(file.name)) throw bad('只能导入 .txt 或 .csv 文件');
  const listParsed = ZSensitiveList.safeParse(fields.list || query.get('list') || 'deny');
  if (!listParsed.success) throw bad(listParsed.error.issues[0].message);
  const levelParsed = ZSensitiveLevel.safeParse(fields.level || query.get('level') || 'block');
  if (!levelParsed.success) throw bad(levelParsed.error.issues[0].message);
  const list = listParsed.data;
  const { words, skipped } = parseWordFile({
    text: decodeWordFile(file.bytes),
    list,
    defaultLevel: levelParsed.data,
  });

  const actor = currentActor();
  const db = await getDb();
  const added = await db.$transaction(
    async (tx) => {
      await bumpWordListVersion(tx);
      // Under the version row's lock, no other change of the lists runs: this set stays true.
      const existing = new Set(
        (
          await tx.$queryRaw<
            { normalised: string }[]
          >`SELECT normalised FROM sensitive_word WHERE list = ${list}`
        ).map((row) => row.normalised),
      );
      const fresh = words.filter((word) => {
        if (!existing.has(word.normalised)) return true;
        skipped.push({ line: word.line, reason: `已在${SENSITIVE_LIST_LABELS[list]}中` });
        return false;
      });
      if ((await countWords(tx)) + fresh.length > SENSITIVE_WORDS_MAX)
        throw bad(`导入后敏感词与白名单合计将超过 ${SENSITIVE_WORDS_MAX} 个，未导入任何词语`);
      for (let at = 0; at < fresh.length; at += INSERT_BATCH) {
        const rows = fresh.slice(at, at + INSERT_BATCH).map(
          (word) =>
            Prisma.sql`(${list}, ${word.word}, ${word.normalised}, ${word.level}, ${word.replacement}, ${word.note},
                ${actor.userId}::int, ${(actor.name ?? actor.username).slice(0, 64)})`,
        );
        await tx.$executeRaw`
          INSERT INTO sensitive_word (list, word, normalised, level, replacement, note, created_by, created_by_name)
          VALUES ${Prisma.join(rows)}`;
      }
      await recordAudit(tx, {
        action: 'import',
        targetType: 'sensitive_word',
        detail: {
          name: file.name,
          values: { list, added: fresh.length, skipped: skipped.length, bytes: file.size },
        },
      });
      return fresh.length;
    },
    { timeout: 120_000 },
  );
  forgetWordList();
  skipped.sort((a, b) => a.line - b.line);
  return {
    added,
    skipped: skipped.slice(0, SKIPPED_ANSWERED_MAX),
    skipped_total: skipped.length,
  };
};
