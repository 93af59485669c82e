import { PGlite } from '@electric-sql/pglite';
const wal = process.argv[2];
const dir = `/tmp/ckpt-${wal}`;
const db = await PGlite.create(dir, { postgresqlconf: ['shared_buffers = 16MB', `max_wal_size = ${wal}`] });
await db.exec('CREATE TABLE IF NOT EXISTS t (id serial primary key, v text, w text); CREATE INDEX IF NOT EXISTS t_w ON t (w)');
const lat = [];
const t0 = Date.now();
for (let i = 0; i < 40000; i++) {
  const t = performance.now();
  await db.query('INSERT INTO t (v, w) VALUES ($1, $2)', ['x'.repeat(1500) + Math.random(), String(Math.random())]);
  lat.push([performance.now() - t, i]);
}
const wsz = (await db.query("SELECT pg_current_wal_lsn() AS l")).rows[0];
lat.sort((a, b) => b[0] - a[0]);
console.log(wal, 'total s', (Date.now() - t0) / 1000, 'top5', lat.slice(0, 5).map(([m, i]) => `${m.toFixed(0)}ms@${i}`).join(' '), wsz);
await db.close();
