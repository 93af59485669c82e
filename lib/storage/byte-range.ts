export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes (browsers seek in mp4 with these). Multiple ranges
 * are answered whole (null), an impossible one is 'unsatisfiable' (416).
 */
export const parseByteRange = ({
  header,
  size,
}: {
  header: string | null;
  size: number;
}): ByteRange | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
};
