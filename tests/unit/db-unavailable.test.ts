// isDatabaseUnavailable on the errors a database that cannot be reached really gives: pg's own
// (a refused connection), Prisma's through its pg adapter, and a statement's own error (not one).
import net from 'node:net';
import { Pool } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';

/** A loopback port nothing listens on (taken, then let go). */
const closedPort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

it('is true for a refused connection, through pg and through Prisma', async () => {
  const url = `postgresql://nobody@127.0.0.1:${await closedPort()}/none`;
  const pool = new Pool({ connectionString: url });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const direct = await failureOf(() => pool.query('SELECT 1'));
    expect((direct as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(direct)).toBe(true);
    expect(isDatabaseUnavailable(await failureOf(() => prisma.$queryRaw`SELECT 1`))).toBe(true);
    expect(
      isDatabaseUnavailable(await failureOf(() => prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`))),
    ).toBe(true);
  } finally {
    await prisma.$disconnect().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
});

it('is false for errors of the statement or the app', () => {
  expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  expect(isDatabaseUnavailable({ code: '23505', severity: 'ERROR', message: 'duplicate key' })).toBe(false);
  expect(isDatabaseUnavailable({ code: 'P2002' })).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
