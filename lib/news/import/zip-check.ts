import 'server-only';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { AppError, ErrorCode } from '@/lib/http/app-error';

/** The most an .xlsx may inflate to, all its parts together (a zip bomb is refused past it). */
export const XLSX_INFLATED_MAX = 400 * 1024 * 1024;
const ENTRIES_MAX = 10_000;

export type ZipFailure = 'broken' | 'encrypted' | 'bomb' | 'renamed';
export type ZipEntry = { name: string; method: number; dataAt: number; compressedSize: number; size: number };

/**
 * The parts of a zip from its central directory, with where each one's data starts. Refuses a
 * directory that is cut or points outside the file, an encrypted part, zip64 sizes and declared
 * sizes past XLSX_INFLATED_MAX together.
 */
export const zipEntries = (
  bytes: Buffer,
): { ok: true; entries: ZipEntry[] } | { ok: false; reason: ZipFailure } => {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at -= 1)
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return { ok: false, reason: 'broken' };
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || at + directorySize > end)
    return { ok: false, reason: 'broken' };
  if (count > ENTRIES_MAX) return { ok: false, reason: 'bomb' };
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50)
      return { ok: false, reason: 'broken' };
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) return { ok: false, reason: 'encrypted' };
    if (size === 0xffffffff || compressedSize === 0xffffffff) return { ok: false, reason: 'bomb' };
    total += size;
    if (total > XLSX_INFLATED_MAX) return { ok: false, reason: 'bomb' };
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
      return { ok: false, reason: 'broken' };
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataAt + compressedSize > bytes.length) return { ok: false, reason: 'broken' };
    if (method !== 0 && method !== 8) return { ok: false, reason: 'broken' };
    entries.push({ name, method, dataAt, compressedSize, size });
  }
  return { ok: true, entries };
};

/** Inflates one part only to count it; stops once past `limit` (the answer is then limit + 1). */
const inflatedSize = (compressed: Buffer, limit: number) =>
  new Promise<number>((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(-1));
    inflate.end(compressed);
  });

/**
 * Checks an .xlsx's zip before anything parses it: its central directory must be whole, no part
 * encrypted, every part must inflate to what the directory declares (a directory can lie about
 * sizes, so each is really inflated — and thrown away — to count it; that costs a fraction of the
 * parse that follows), all together at most XLSX_INFLATED_MAX, and it must hold a workbook.
 */
export const checkXlsxZip = async (
  bytes: Buffer,
): Promise<{ ok: true; entries: ZipEntry[] } | { ok: false; reason: ZipFailure }> => {
  const listed = zipEntries(bytes);
  if (!listed.ok) return listed;
  for (const entry of listed.entries) {
    const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) return { ok: false, reason: 'broken' };
      continue;
    }
    const actual = await inflatedSize(data, entry.size);
    if (actual < 0) return { ok: false, reason: 'broken' };
    if (actual !== entry.size) return { ok: false, reason: actual > entry.size ? 'bomb' : 'broken' };
  }
  if (!listed.entries.some((entry) => entry.name === 'xl/workbook.xml'))
    return { ok: false, reason: 'renamed' };
  return listed;
};

/**
 * A part's text, inflated as it is read and decoded by one UTF-8 decoder for the whole part, so a
 * character split between two inflated chunks stays whole (exceljs's own streaming reader decodes
 * each chunk on its own and garbles such characters: 公告 read as 公���). Never more than the
 * part's checked size.
 */
export async function* entryText(bytes: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressedSize);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    yield decoder.write(data) + decoder.end();
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.size) throw new AppError({ code: ErrorCode.badRequest, message: 'bomb' });
      const text = decoder.write(chunk);
      if (text) yield text;
    }
  } finally {
    inflate.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

const ROW_TAG = Buffer.from('<row');

/**
 * How many `<row` tags a part holds (an .xlsx sheet: its rows, counted without parsing — about how
 * many rows a file has, for the progress). Inflated again, as bytes (no decoding); a tag split
 * between two inflated chunks is still counted once.
 */
export const countRowTags = async (bytes: Buffer, entry: ZipEntry) => {
  const data = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressedSize);
  let count = 0;
  let carry = Buffer.alloc(0);
  const scan = (chunk: Buffer) => {
    const text = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    for (let at = text.indexOf(ROW_TAG); at >= 0; at = text.indexOf(ROW_TAG, at + ROW_TAG.length)) {
      // `<row ` or `<row>`, not `<rowBreaks`; a tag cut at the chunk's end is counted with the next.
      if (at + ROW_TAG.length >= text.length) break;
      const after = text[at + ROW_TAG.length];
      if (after === 0x20 || after === 0x3e || after === 0x09 || after === 0x0a || after === 0x0d) count += 1;
    }
    carry = Buffer.from(text.subarray(Math.max(text.length - ROW_TAG.length, 0)));
  };
  if (entry.method === 0) {
    scan(data);
    return count;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) scan(chunk);
  } catch {
    // A broken part is told by the sheet's reading.
  }
  return count;
};
