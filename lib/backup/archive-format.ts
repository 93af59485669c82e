import { z } from '@/lib/validation/z';

// One backup archive: a gzip-compressed tar holding
//   database.sql        the full pg_dump of the database, as the tool wrote it (load it by hand
//                       with psql on a server of the same or a newer version)
//   data/<table>.copy   each table's rows in COPY text format (what `npm run restore` loads)
//   uploads/<key>       every stored upload, under its storage key
//   manifest.json       written last: what the archive holds, with the size and sha256 of every
//                       other entry, so a restore can check the whole archive before it loads any.

export const ARCHIVE_FORMAT = 'cms-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const DUMP_ENTRY = 'database.sql';
export const dataEntry = (table: string) => `data/${table}.copy`;
export const uploadEntry = (key: string) => `uploads/${key}`;
export const MIGRATIONS_TABLE = '_prisma_migrations';

const ZEntry = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() });

export const ZManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    kind: z.enum(['pglite', 'postgresql']),
    serverVersion: z.string(),
    dumpedBy: z.string(),
    migrations: z.array(z.object({ name: z.string(), checksum: z.string() })),
    lastMigration: z.string(),
    tables: z.array(
      z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int().min(0) }),
    ),
    // Sequence positions as pg_dump recorded them (a deleted row's id is not handed out again).
    sequences: z.array(z.object({ name: z.string(), value: z.string(), isCalled: z.boolean() })),
  }),
  storage: z.object({
    driver: z.string(),
    // What the driver put in front of a key in the URLs stored in the data ('/uploads/' for the
    // local driver): a restore onto another store rewrites these URLs to the new store's.
    urlBase: z.string(),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    // Keys recorded in uploaded_file whose file was not found in storage when the backup ran.
    missing: z.array(z.string()),
  }),
  entries: z.array(ZEntry),
});

export type Manifest = z.infer<typeof ZManifest>;
export type ManifestEntry = z.infer<typeof ZEntry>;
export type TableDump = Manifest['database']['tables'][number];
export type SequenceValue = Manifest['database']['sequences'][number];
