import type { Manifest } from './archive-format';

/** What dumping a database leaves in the work folder's manifest part (database.sql and data/ are files). */
export type DatabaseDump = Omit<Manifest['database'], 'migrations' | 'lastMigration'>;
