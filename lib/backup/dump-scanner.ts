import type { SequenceValue } from './archive-format';
import { parseIdentList } from './copy-text';

export type ScanEvent =
  | { type: 'copy-start'; table: string; columns: string[] }
  | { type: 'row'; line: string }
  | { type: 'copy-end' };

const COPY_START = /^COPY (.+) \((.*)\) FROM stdin;$/;
const SETVAL = /^SELECT pg_catalog\.setval\('((?:[^']|'')+)', (\d+), (true|false)\);$/;
const DUMPED_FROM = /^-- Dumped from database version (.+)$/;
const DUMPED_BY = /^-- Dumped by pg_dump version (.+)$/;

/**
 * Reads a plain pg_dump script line by line and picks out what a restore needs: the rows of every
 * table of `schema` (its `COPY … FROM stdin` blocks, in COPY text format), the sequence positions
 * (`setval` lines) and the versions in the header. pg_dump writes a block's rows one per line and
 * ends it with `\.`, so a line-by-line reading is exact.
 */
export class DumpScanner {
  readonly sequences: SequenceValue[] = [];
  serverVersion = '';
  pgDumpVersion = '';
  private inCopy: 'ours' | 'other' | null = null;

  constructor(private readonly schema: string) {}

  scan(line: string): ScanEvent | null {
    if (this.inCopy) {
      if (line === '\\.') {
        const wasOurs = this.inCopy === 'ours';
        this.inCopy = null;
        return wasOurs ? { type: 'copy-end' } : null;
      }
      return this.inCopy === 'ours' ? { type: 'row', line } : null;
    }
    const copy = COPY_START.exec(line);
    if (copy) {
      const [schema, table] = parseIdentList(copy[1], '.');
      this.inCopy = schema === this.schema && table ? 'ours' : 'other';
      return this.inCopy === 'ours' ? { type: 'copy-start', table, columns: parseIdentList(copy[2]) } : null;
    }
    const setval = SETVAL.exec(line);
    if (setval) {
      const [schema, name] = parseIdentList(setval[1].replace(/''/g, "'"), '.');
      if (schema === this.schema && name)
        this.sequences.push({ name, value: setval[2], isCalled: setval[3] === 'true' });
      return null;
    }
    this.serverVersion ||= DUMPED_FROM.exec(line)?.[1] ?? '';
    this.pgDumpVersion ||= DUMPED_BY.exec(line)?.[1] ?? '';
    return null;
  }
}
