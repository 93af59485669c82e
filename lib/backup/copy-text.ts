import { StringDecoder } from 'node:string_decoder';

// PostgreSQL's COPY text format, the form of the archive's data section (what `COPY … TO` writes
// and what pg_dump puts between `COPY … FROM stdin;` and `\.`): one row per line, fields split by
// a tab, NULL as `\N`, and tab, newline and backslash inside a value written as escapes, so a raw
// newline always ends a row and a raw tab always ends a field.

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

const unescapeField = (raw: string) => {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i];
    if (char !== '\\' || i === raw.length - 1) {
      out += char;
      continue;
    }
    const next = raw[(i += 1)];
    if (next in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[next];
    else if (next >= '0' && next <= '7') {
      const digits = /^[0-7]{1,3}/.exec(raw.slice(i))![0];
      out += String.fromCharCode(Number.parseInt(digits, 8));
      i += digits.length - 1;
    } else if (next === 'x' && /^[0-9a-fA-F]/.test(raw[i + 1] ?? '')) {
      const digits = /^[0-9a-fA-F]{1,2}/.exec(raw.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(digits, 16));
      i += digits.length;
    } else out += next;
  }
  return out;
};

/** One COPY text row (without its newline) as its field values, NULL as null. */
export const parseCopyLine = (line: string): (string | null)[] =>
  line.split('\t').map((raw) => (raw === '\\N' ? null : unescapeField(raw)));

/** Splits UTF-8 chunks into lines (without the `\n`), keeping multi-byte characters whole. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';

  push(chunk: Buffer | string): string[] {
    const parts = (this.rest + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk))).split('\n');
    this.rest = parts.pop() ?? '';
    return parts;
  }

  end(): string[] {
    const last = this.rest + this.decoder.end();
    this.rest = '';
    return last ? [last] : [];
  }
}

export async function* readLines(source: AsyncIterable<Buffer | string>) {
  const splitter = new LineSplitter();
  for await (const chunk of source) yield* splitter.push(chunk);
  yield* splitter.end();
}

/** A SQL identifier, quoted. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The identifiers of a comma-separated list as pg_dump writes them (`id, "time", name`), each
 * unquoted; a qualified name `public."Foo"` is a list split on '.' instead.
 */
export const parseIdentList = (text: string, separator = ','): string[] => {
  const names: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ') i += 1;
    let name = '';
    if (text[i] === '"') {
      for (i += 1; i < text.length; i += 1) {
        if (text[i] === '"' && text[i + 1] === '"') {
          name += '"';
          i += 1;
        } else if (text[i] === '"') break;
        else name += text[i];
      }
      i += 1;
    } else {
      for (; i < text.length && text[i] !== separator; i += 1) name += text[i];
      name = name.trim();
    }
    names.push(name);
    while (i < text.length && text[i] !== separator) i += 1;
    i += 1;
  }
  return names;
};
