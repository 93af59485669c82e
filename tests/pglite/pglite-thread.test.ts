import fs from 'node:fs';
import * as pgliteModule from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { getDb } from '@/lib/db/client';
import { PgliteThread } from '@/lib/db/pglite-thread';
import { Prisma } from '@/lib/generated/prisma/client';

// PGlite in its own thread (lib/db/pglite-thread.ts, server/pglite-worker.mjs) answers as PGlite
// in this thread does: the same values of every kind (parsed here, so Dates and bytes are this
// realm's), the same errors (PGlite's DatabaseError, every field), transactions that hold the one
// connection. Compared side by side on two databases opened from the same migrated snapshot.
// PGlite only: tests/pglite/ is in the pglite jest project alone.

const OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] };

// One value of each kind PostgreSQL sends, NULLs and arrays included.
const MANY_TYPES = String.raw`SELECT
  1::int2 AS i2, 2::int4 AS i4, 3::int8 AS i8, 9007199254740993::int8 AS i8big, -1.5::float4 AS f4,
  2.25::float8 AS f8, 'NaN'::float8 AS nan, 12345.678900::numeric AS num, true AS yes, false AS no,
  'text ''quoted'' "中文" \ back'::text AS t, 'v'::varchar(5) AS v, 'c'::char(3) AS c,
  '\x00ff10'::bytea AS bytes, ''::bytea AS no_bytes,
  '{"a":[1,2,{"b":null}],"n":1.50,"big":12345678901234567890}'::json AS js,
  '{"a":[1,2,{"b":null}],"n":1.50,"s":"中"}'::jsonb AS jsb, '"just a string"'::jsonb AS jsb_string,
  '2024-02-29'::date AS d, '2024-02-29 12:34:56.789'::timestamp AS ts,
  '2024-02-29 12:34:56.789+08'::timestamptz AS tstz, '12:34:56'::time AS tm,
  '12:34:56+02'::timetz AS tmtz, '1 day 02:03:04'::interval AS iv,
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS id,
  ARRAY[1, 2, NULL]::int4[] AS ints, ARRAY['a', 'b "q"', NULL, 'c,d', '{x}', 'NULL', '']::text[] AS texts,
  ARRAY['2024-01-01 00:00:00+00', NULL]::timestamptz[] AS tstzs, ARRAY['2024-01-02']::date[] AS dates,
  ARRAY['{"a":1}'::jsonb, 'null'::jsonb] AS jsbs, ARRAY['\x01'::bytea, '\x'::bytea] AS byteas,
  ARRAY[1.10::numeric, NULL] AS nums, ARRAY[[1, 2], [3, 4]]::int8[] AS matrix, ARRAY[true, false] AS bools,
  ARRAY[9007199254740993]::int8[] AS bigs, ARRAY[]::text[] AS empty,
  NULL::int4 AS null_int, NULL::jsonb AS null_json, NULL::timestamptz AS null_ts, NULL::bytea AS null_bytes,
  NULL::text[] AS null_array, 'pg_class'::regclass::oid AS an_oid, 'x'::name AS a_name,
  '192.168.0.1/24'::inet AS ip, 12.34::money AS cash, '1 2'::int2vector AS vector`;

/** A class instance as a parameter (Prisma's Decimal is one): PGlite sends its text, or its JSON. */
class Amount {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
  toJSON() {
    return { amount: this.value };
  }
}

const PARAMS_SQL = `SELECT $1::timestamptz AS at, $2::bytea AS bytes, $3::bytea AS slice, $4::jsonb AS doc,
  $5::int8 AS big, $6::text[] AS texts, $7::numeric AS amount, $8::jsonb AS amount_json, $9::bool AS yes,
  $10::text AS date_text, $11::int4 AS nothing, $12::int4[] AS ints, $13::jsonb AS list, $14 AS untyped`;
const params = () => {
  const pool = Buffer.from('hello world');
  return [
    new Date('2024-03-01T01:02:03.456Z'),
    new Uint8Array([0, 1, 254, 255]),
    pool.subarray(6),
    { a: [1, { b: 'c' }], n: 10n },
    12345678901234567n,
    ['x', 'y "z"', null],
    new Amount('12.50'),
    new Amount('7'),
    true,
    new Date('2024-03-01T00:00:00Z'),
    null,
    [1, 2, 3],
    [1, 'two'],
    'plain',
  ];
};

/** A DatabaseError's fields, as compared (PGlite puts the call's query and params on it). */
const FIELDS = [
  'message',
  'name',
  'length',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
] as const;
const fieldsOf = (error: unknown) =>
  Object.fromEntries(FIELDS.map((field) => [field, (error as Record<string, unknown>)[field]]));
const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('did not fail');
};

describe('PGlite in its own thread answers as PGlite in this thread', () => {
  jest.setTimeout(120_000);
  let local: PGlite;
  let thread: PgliteThread;
  const dump = () => process.env.PGLITE_TEST_DUMP as string;

  beforeAll(async () => {
    local = await PGlite.create({ ...OPTIONS, loadDataDir: new Blob([fs.readFileSync(dump())]) });
    thread = await PgliteThread.open({ dir: null, loadDump: dump(), options: OPTIONS, pgliteModule });
    for (const db of [local, thread])
      await db.exec(
        'CREATE TABLE probe (id int PRIMARY KEY, name text CONSTRAINT probe_name_key UNIQUE, n int CHECK (n > 0))',
      );
  });

  afterAll(async () => {
    await local?.close();
    await thread?.close();
  });

  it('every kind of value, as objects and as arrays with the caller’s parsers, parsed in this realm', async () => {
    const expected = await local.query<Record<string, unknown>>(MANY_TYPES);
    const got = await thread.query<Record<string, unknown>>(MANY_TYPES);
    expect(got).toEqual(expected);
    expect(Object.keys(got)).toEqual(Object.keys(expected));
    const [row] = got.rows;
    expect(row.tstz).toBeInstanceOf(Date);
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect(row.ints).toBeInstanceOf(Array);
    expect(row.jsb).toBeInstanceOf(Object);
    expect(row.i8big).toBe(9007199254740993n);
    expect(row.texts).toEqual(['a', 'b "q"', null, 'c,d', '{x}', 'NULL', '']);

    // As the Prisma adapter asks: arrays of values, with parsers of its own for some types.
    const options = {
      rowMode: 'array' as const,
      parsers: { 1184: (text: string) => `tz ${text}`, 1016: (text: string) => `int8[] ${text}`, 17: String },
    };
    const asArrays = await thread.query(MANY_TYPES, [], options);
    expect(asArrays).toEqual(await local.query(MANY_TYPES, [], options));
    expect((asArrays.rows[0] as unknown[])[0]).toBe(1);
  });

  it('parameters of every kind, a class instance and a slice of a larger Buffer included', async () => {
    const expected = await local.query(PARAMS_SQL, params());
    expect(await thread.query(PARAMS_SQL, params())).toEqual(expected);
    expect(expected.rows[0]).toMatchObject({
      slice: new Uint8Array(Buffer.from('world')),
      amount: '12.50',
      amount_json: { amount: '7' },
    });
    // paramTypes: the types given rather than inferred.
    const typed = { paramTypes: [20] };
    expect(await thread.query('SELECT $1 AS x', ['5'], typed)).toEqual(
      await local.query('SELECT $1 AS x', ['5'], typed),
    );
  });

  it('exec: several statements, a result each; writes counted', async () => {
    const script = `INSERT INTO probe VALUES (100, 'a', 1), (101, 'b', 2); UPDATE probe SET n = n + 1 WHERE id >= 100;
      SELECT id, name, n, now() > '2000-01-01' AS recent FROM probe WHERE id >= 100 ORDER BY id; DELETE FROM probe WHERE id >= 100`;
    const expected = await local.exec(script);
    const got = await thread.exec(script);
    expect(got).toEqual(expected);
    expect(got.map((result) => result.affectedRows)).toEqual([2, 4, 4, 6]);
  });

  it('errors are PGlite’s DatabaseError with every field, from query, exec and a transaction', async () => {
    const cases: { name: string; run: (db: PGlite | PgliteThread) => Promise<unknown> }[] = [
      { name: 'unique', run: (db) => db.query("INSERT INTO probe VALUES (1, 'x', 1), (2, 'x', 1)") },
      { name: 'check', run: (db) => db.query('INSERT INTO probe VALUES ($1, $2, $3)', [3, 'y', -1]) },
      { name: 'syntax', run: (db) => db.query('SELEC 1') },
      { name: 'bad input', run: (db) => db.query('SELECT $1::int', ['one']) },
      { name: 'missing table', run: (db) => db.exec('SELECT 1; SELECT * FROM nowhere') },
      {
        name: 'in a transaction',
        run: (db) =>
          db.transaction(async (tx) => {
            await tx.query("INSERT INTO probe VALUES (4, 'z', 1)");
            await tx.query("INSERT INTO probe VALUES (5, 'z', 1)");
          }),
      },
    ];
    for (const { name, run } of cases) {
      const expected = await failureOf(() => run(local));
      const got = await failureOf(() => run(thread));
      expect(got).toBeInstanceOf(pgliteModule.messages.DatabaseError);
      expect({ name, ...fieldsOf(got) }).toEqual({ name, ...fieldsOf(expected) });
    }
    const unique = await failureOf(() => thread.query("INSERT INTO probe VALUES (1, 'x', 1), (2, 'x', 1)"));
    expect(unique).toMatchObject({
      code: '23505',
      constraint: 'probe_name_key',
      detail: 'Key (name)=(x) already exists.',
      table: 'probe',
      routine: '_bt_check_unique',
    });
    // Nothing of the failed transaction stayed.
    expect((await thread.query('SELECT count(*)::int AS n FROM probe')).rows).toEqual([{ n: 0 }]);
  });

  it('a transaction commits, rolls back on a throw (that error thrown) or on tx.rollback(), then is closed', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO probe VALUES (10, 'kept', 1)");
    });
    const thrown = new Error('the callback’s own');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("INSERT INTO probe VALUES (11, 'thrown', 1)");
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    let kept: Awaited<ReturnType<PgliteThread['transaction']>> | undefined;
    let closedAfter: boolean | undefined;
    await thread.transaction(async (tx) => {
      await tx.exec("INSERT INTO probe VALUES (12, 'rolled back', 1)");
      await tx.rollback();
      closedAfter = tx.closed;
      kept = tx;
    });
    expect(closedAfter).toBe(true);
    expect(kept).toBeDefined();
    const { rows } = await thread.query<{ id: number }>('SELECT id FROM probe ORDER BY id');
    expect(rows).toEqual([{ id: 10 }]);
    await thread.query('DELETE FROM probe');
  });

  it('statements from outside a running transaction wait until it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO probe VALUES (20, 'inside', 1)");
      outside = thread
        .query<{ n: number }>('SELECT count(*)::int AS n FROM probe')
        .then((result) => order.push(`outside saw ${result.rows[0].n}`));
      // The outside statement is queued, not run, while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query("INSERT INTO probe VALUES (21, 'inside too', 1)");
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 2']);
    await expect(
      thread.transaction(async (tx) => {
        await tx.rollback();
        await tx.query('SELECT 1');
      }),
    ).rejects.toThrow('Transaction is closed');
    await thread.query('DELETE FROM probe');
  });

  it('the app’s client: a duplicate through Prisma is P2002, the raw runner parses as PGlite', async () => {
    const db = await getDb();
    const user = { username: 'thread-dup', passwordHash: 'x', name: 'x' };
    await db.adminUser.create({ data: user });
    await expect(db.adminUser.create({ data: user })).rejects.toMatchObject({ code: 'P2002' });
    const found = await db.$queryRaw<{ at: Date }[]>(Prisma.sql`SELECT now() AS at`);
    expect(found[0].at).toBeInstanceOf(Date);
  });

  it('a database that does not open fails the opening with the thread’s error, its code kept', async () => {
    await expect(
      PgliteThread.open({ dir: null, loadDump: '/nonexistent/migrated.tar', options: OPTIONS, pgliteModule }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('once closed, a call fails instead of waiting', async () => {
    const closing = await PgliteThread.open({ dir: null, loadDump: dump(), options: OPTIONS, pgliteModule });
    await closing.close();
    await expect(closing.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});
