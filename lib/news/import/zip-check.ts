import 'server-only';
import { createInflateRaw } from 'node:zlib';

/** The most an .xlsx may inflate to, all its parts together (a zip bomb is refused past it). */
export const XLSX_INFLATED_MAX = 400 * 1024 * 1024;
const ENTRIES_MAX = 10_000;

export type ZipVerdict = { ok: true } | { ok: false; reason: 'broken' | 'encrypted' | 'bomb' | 'renamed' };

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
 * encrypted, and every part must inflate to what the directory declares, all together at most
 * XLSX_INFLATED_MAX. The parts are really inflated (and thrown away) to count them, since a
 * directory can lie about sizes; that costs a fraction of the parse that follows.
 */
export const checkXlsxZip = async (bytes: Buffer): Promise<ZipVerdict> => {
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
  let total = 0;
  let hasWorkbook = false;
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
    if (bytes.toString('latin1', at + 46, at + 46 + nameLength) === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) return { ok: false, reason: 'encrypted' };
    if (size === 0xffffffff || compressedSize === 0xffffffff) return { ok: false, reason: 'bomb' };
    total += size;
    if (total > XLSX_INFLATED_MAX) return { ok: false, reason: 'bomb' };
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
      return { ok: false, reason: 'broken' };
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataAt + compressedSize > bytes.length) return { ok: false, reason: 'broken' };
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    if (method === 0) {
      if (compressedSize !== size) return { ok: false, reason: 'broken' };
    } else if (method === 8) {
      const actual = await inflatedSize(data, size);
      if (actual < 0) return { ok: false, reason: 'broken' };
      if (actual !== size) return { ok: false, reason: actual > size ? 'bomb' : 'broken' };
    } else return { ok: false, reason: 'broken' };
  }
  return hasWorkbook ? { ok: true } : { ok: false, reason: 'renamed' };
};
