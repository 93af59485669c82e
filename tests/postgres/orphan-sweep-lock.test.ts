// The orphan sweep runs in one instance at a time (lib/uploads/orphan-sweep.ts): each step holds
// SWEEP_LOCK, taken without waiting. While another session (another instance) holds it, a pass
// stops at once and removes nothing; once it is free, the next pass does the work. PostgreSQL
// only: PGlite serves one process, whose one session always gets its own lock.
import { Client } from 'pg';
import { Readable } from 'node:stream';
import { getDb } from '@/lib/db/client';
import { getStorage } from '@/lib/storage/get-storage';
import { newStorageKey } from '@/lib/storage/keys';
import { SWEEP_LOCK, sweepOrphanFiles } from '@/lib/uploads/orphan-sweep';
import { useStorageDriver } from '../storage/helpers/drivers';

describe('the orphan sweep under another instance’s lock', () => {
  const driver = useStorageDriver('local');

  it('stops at once while another session holds the lock, and sweeps once it is free', async () => {
    const { key, name } = newStorageKey({ ext: 'txt' });
    await getStorage().put({
      key,
      body: Readable.from([Buffer.from('unused')]),
      contentType: 'text/plain',
      contentDisposition: 'attachment',
    });
    const db = await getDb();
    await db.uploadedFile.create({
      data: { name, key, driver: 'local', kind: 'file', mimeType: 'text/plain', size: 6 },
    });
    await db.$executeRaw`UPDATE uploaded_file SET created_at = now() - interval '25 hours' WHERE name = ${name}`;

    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1::bigint)', [SWEEP_LOCK]);
      const busy = await sweepOrphanFiles();
      expect([busy.isBusy, busy.files]).toEqual([true, []]);
      expect(await driver.listKeys()).toContain(key);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    const swept = await sweepOrphanFiles();
    expect([swept.isBusy, swept.files.map((file) => file.key)]).toEqual([false, [key]]);
    expect(await driver.listKeys()).not.toContain(key);
    expect(await db.uploadedFile.count({ where: { name } })).toBe(0);
  });
});
