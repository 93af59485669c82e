import 'server-only';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * What crosses between the server's thread and PGlite's (server/pglite-worker.mjs), and how it is
 * read back on the server's thread (lib/db/pglite-thread.ts).
 *
 * Rows come across as PostgreSQL's text and each column's type OID, and are parsed here with
 * PGlite's own `types.parseType` over PGlite's parsers, the array parsers PGlite made when it opened
 * and the caller's `parsers`: so Dates, arrays and Uint8Arrays belong to this thread's realm (jest
 * checks `instanceof` against its own), and the values are those PGlite gives in-thread
 * (tests/pglite/pglite-thread.test.ts). Errors come across as their fields and are rebuilt as the
 * `DatabaseError` of the PGlite module given (the one the Prisma adapter checks with `instanceof`,
 * to turn 23505 into P2002), with code, detail, constraint, routine and the rest, and PGlite's
 * `query`, `params` and `queryOptions` from the call.
 *
 * Parameters cross by structured cloning (a class instance is sent as its JSON and its text, which
 * is what PGlite would have made of it for a json and for any other parameter; inside an array it
 * is cloned as a plain object).
 */

export type PgliteModule = typeof import('@electric-sql/pglite');
export type Parser = (text: string, typeId?: number) => unknown;
export type ThreadQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers' | 'paramTypes'>;
export type RawResults = Omit<Results<(string | null)[]>, 'blob'>;
/** Each element type and its array type, as the thread reports them when PGlite has opened. */
export type ArrayTypes = [number, number][];

/** An error as the thread sends it (server/pglite-worker-errors.mjs, errorData). */
export type ErrorData = {
  isDatabaseError: boolean;
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
};
/** What a call was, to put back on its error as PGlite does. */
export type CallContext = {
  query: string;
  params: unknown[] | undefined;
  options: ThreadQueryOptions | undefined;
};

// Sent in place of a parameter structured cloning would not carry as it is (server/pglite-worker.mjs).
const WRAPPED = '__cmsPgliteParam';
const jsonOf = (value: unknown) =>
  JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? item.toString() : item));

/** A parameter as it crosses to the thread. */
export const sendable = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  // Exactly its bytes: cloning a view copies its whole buffer (a Buffer's may be a shared pool).
  // Told by its tag, which a Buffer and another realm's Uint8Array (jest's) have too.
  if (Object.prototype.toString.call(value) === '[object Uint8Array]')
    return new Uint8Array(value as Uint8Array);
  if (value instanceof Date || Array.isArray(value) || ArrayBuffer.isView(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return value;
  return { [WRAPPED]: true, json: jsonOf(value), text: String(value) };
};

/** PGlite's parsers and the array parsers the thread's PGlite made when it opened. */
export const parsersOf = ({ types }: PgliteModule, arrayTypes: ArrayTypes) => {
  const parsers: Record<string, Parser> = { ...types.parsers };
  for (const [oid, typarray] of arrayTypes)
    parsers[typarray] = (text) => types.arrayParser(text, parsers[oid] as Parser, typarray);
  return parsers;
};

/** A result of text rows parsed as PGlite would have, with the caller's `parsers` first. */
export const resultsOf = (
  { types }: PgliteModule,
  parsers: Record<string, Parser>,
  raw: RawResults,
  options: ThreadQueryOptions | undefined,
): Results => {
  const { parseType } = types;
  const all = options?.parsers ? { ...parsers, ...options.parsers } : parsers;
  const { fields } = raw;
  const rows =
    options?.rowMode === 'array'
      ? raw.rows.map((row) => row.map((text, i) => parseType(text, fields[i].dataTypeID, all)))
      : raw.rows.map((row) =>
          Object.fromEntries(
            row.map((text, i) => [fields[i].name, parseType(text, fields[i].dataTypeID, all)]),
          ),
        );
  return { ...raw, rows };
};

/** The thread's error as PGlite's own (a DatabaseError with every field) or as a plain Error. */
export const rebuildError = (
  { messages }: PgliteModule,
  data: ErrorData,
  context: CallContext | undefined,
): Error => {
  let error: Error;
  if (data.isDatabaseError) {
    error = new messages.DatabaseError(data.message, Number(data.fields.length ?? 0), 'error');
    Object.assign(error, data.fields, {
      query: context?.query,
      params: context?.params,
      queryOptions: context?.options,
    });
  } else {
    error = Object.assign(new Error(data.message), data.fields);
    error.name = data.name;
  }
  if (data.stack) error.stack = data.stack;
  return error;
};

/**
 * The refusal while the thread is gone, as PostgreSQL's own when its server crashed (57P02
 * crash_shutdown: what a session in progress gets) or is recovering (57P03 cannot_connect_now: what
 * a new one gets): a FATAL DatabaseError, which lib/db/unavailable.ts reads as "the database is
 * unavailable" (503 服务器繁忙, retryable) also through the Prisma adapter. `cause`: what ended the
 * thread.
 */
export const unavailableError = (
  { messages }: PgliteModule,
  code: '57P02' | '57P03',
  message: string,
  cause?: unknown,
) => {
  const error = new messages.DatabaseError(message, 0, 'error');
  return Object.assign(error, { severity: 'FATAL', code, cause });
};
