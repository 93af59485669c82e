import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

// The fault table of bench/faults.mjs, run against the built server as CI's short form (issue 24):
// the database stopped and started under load, a full upload disk, kill -9 inside a move and a
// backup, SIGTERM under load, a body trickled at 1 byte a second. The script checks each row's expectations and exits 1 if one fails;
// its table is printed here either way.
test('bench/faults.mjs：数据库重启、磁盘写满、移动与备份中途 kill -9、负载下 SIGTERM、每秒 1 字节的请求体，每一行都成立', async () => {
  test.setTimeout(420_000);
  const run = spawnSync(process.execPath, ['bench/faults.mjs'], { encoding: 'utf8', timeout: 400_000 });
  console.log(run.stdout);
  if (run.stderr) console.log(run.stderr.slice(-4000));
  expect(run.stdout).toContain('all rows hold');
  expect(run.status).toBe(0);
});
