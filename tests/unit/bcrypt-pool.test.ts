import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { closeBcryptPool, compareInPool, hashInPool } from '@/lib/auth/bcrypt-pool';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@/lib/auth/password';

afterAll(() => closeBcryptPool());

/**
 * How the event loop fares while `work` runs: the median delay of a 5 ms timer (perf_hooks'
 * monitorEventLoopDelay: what any other request waits for its turn) and the event loop's
 * utilisation (the share of the time the main thread was busy rather than waiting for events).
 * Both hold on a loaded machine, where single stalls (the OS scheduling other processes) do not
 * say anything about this code.
 */
const loopDuring = async (work: () => Promise<unknown>) => {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const before = performance.eventLoopUtilization();
  await work();
  const { utilization } = performance.eventLoopUtilization(before);
  histogram.disable();
  return { medianDelayMs: histogram.count ? histogram.percentile(50) / 1e6 : Infinity, utilization };
};

describe('password hashing in worker threads', () => {
  it('keeps hashes made before (bcryptjs on the main thread, $2a$ and $2b$) valid', async () => {
    const plain = 'Old-passw0rd!';
    for (const hash of [bcrypt.hashSync(plain, 10), bcrypt.hashSync(plain, 10).replace(/^\$2b\$/, '$2a$')]) {
      await expect(verifyPassword({ plain, hash })).resolves.toBe(true);
      await expect(verifyPassword({ plain: 'Wrong-passw0rd', hash })).resolves.toBe(false);
    }
    // And hashes made in the pool are plain bcrypt that any bcrypt library reads.
    const made = await hashPassword(plain);
    expect(made).toMatch(/^\$2b\$10\$/);
    expect(bcrypt.compareSync(plain, made)).toBe(true);
  });

  it('answers the unknown-username check false, with a hash of the same cost', async () => {
    await expect(burnPasswordCheck('anything')).resolves.toBe(false);
  });

  it('answers bad arguments with an error, not a hang, and keeps working after it', async () => {
    await expect(compareInPool({ plain: 1 as unknown as string, hash: 'x' })).rejects.toThrow(
      /bcrypt failed/,
    );
    await expect(hashInPool({ plain: 'x', cost: 4 })).resolves.toMatch(/^\$2b\$04\$/);
    await expect(compareInPool({ plain: 'x', hash: bcrypt.hashSync('x', 4) })).resolves.toBe(true);
  });

  it('keeps the event loop free while ten hashes run, unlike bcrypt on the main thread', async () => {
    const hash = bcrypt.hashSync('Some-passw0rd', 10);
    // What one compare costs on this machine now, run where it blocks: the yardstick.
    const started = performance.now();
    bcrypt.compareSync('Some-passw0rd', hash);
    const oneHashMs = performance.now() - started;

    const pooled = await loopDuring(() =>
      Promise.all(Array.from({ length: 10 }, () => verifyPassword({ plain: 'Wrong', hash }))),
    );
    // The control: the same library on the main thread keeps the loop busy from start to end.
    const inThread = await loopDuring(() =>
      Promise.all(Array.from({ length: 3 }, () => bcrypt.compare('Wrong', hash))),
    );
    expect(inThread.utilization).toBeGreaterThan(0.9);
    expect(pooled.utilization).toBeLessThan(0.5);
    expect(pooled.medianDelayMs).toBeLessThan(oneHashMs / 2);
  });
});
