import { createHash } from 'node:crypto';
import type { FilePart } from './multipart';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

// The first bytes of real files of each type: what file-type recognises them by.
export const HEADS = {
  png: Buffer.concat([
    hex('89504e470d0a1a0a 0000000d 49484452 00000001 00000001 0806000000 1f15c489'),
    hex('0000000a 49444154'),
  ]),
  jpg: hex('ffd8ffe0 0010 4a464946 00 0101 0000 0001 0001 0000'),
  gif: Buffer.concat([Buffer.from('GIF89a'), hex('0100 0100 000000')]),
  webp: Buffer.concat([Buffer.from('RIFF'), hex('00000000'), Buffer.from('WEBPVP8 ')]),
  mp4: Buffer.concat([hex('00000018'), Buffer.from('ftypisom'), hex('00000200'), Buffer.from('isommp41')]),
  pdf: Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1'),
  exe: Buffer.concat([Buffer.from('MZ'), hex('90000300000004000000ffff0000')]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>\n'),
  txt: Buffer.from('纯文本附件 plain text\n'),
} as const;

const CHUNK = 64 * 1024;
// Deterministic filler with no NUL byte (so text samples stay text).
const FILLER = Buffer.from(Array.from({ length: CHUNK }, (_, i) => 32 + ((i * 7) % 90)));

export type SampleFile = FilePart & { size: number; sha256: string };

function* sampleChunks({ head, size }: { head: Buffer; size: number }) {
  let sent = Math.min(head.length, size);
  yield head.subarray(0, sent);
  while (sent < size) {
    const piece = FILLER.subarray(0, Math.min(CHUNK, size - sent));
    sent += piece.length;
    yield piece;
  }
}

/** A file of `size` bytes that starts with `head`, streamed in 64 KiB chunks, with its sha256. */
export const sampleFile = ({
  head,
  size = head.length,
  filename,
  contentType,
}: {
  head: Buffer;
  size?: number;
  filename: string;
  contentType?: string;
}): SampleFile => {
  const hash = createHash('sha256');
  for (const chunk of sampleChunks({ head, size })) hash.update(chunk);
  return {
    filename,
    contentType,
    size,
    sha256: hash.digest('hex'),
    chunks: async function* () {
      yield* sampleChunks({ head, size });
    },
  };
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const MB = 1024 * 1024;
