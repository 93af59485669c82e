import { verifyPassword } from '@/lib/auth/password';
import { getDb } from '@/lib/db/client';
import { ensureFirstAdmin } from '@/lib/users/ensure-first-admin';

describe('the first admin', () => {
  it('is created once with role admin and a random password printed once, never a fixed one', async () => {
    const db = await getDb();
    await db.adminUser.deleteMany();
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await ensureFirstAdmin({ password: undefined })).toEqual({ created: true });
      const printed = log.mock.calls.map((args) => String(args[0])).join('\n');
      const password = /初始密码：(\S+)/.exec(printed)?.[1] as string;
      expect(password.length).toBeGreaterThanOrEqual(16);
      const admin = await db.adminUser.findFirstOrThrow({ where: { username: 'admin' } });
      expect(admin.roles).toEqual(['admin']);
      expect(await verifyPassword({ plain: password, hash: admin.passwordHash })).toBe(true);

      log.mockClear();
      expect(await ensureFirstAdmin({ password: undefined })).toEqual({ created: false });
      expect(log).not.toHaveBeenCalled();

      // A second fresh start gets a different password.
      await db.adminUser.deleteMany();
      await ensureFirstAdmin({ password: undefined });
      const second = /初始密码：(\S+)/.exec(log.mock.calls.map((args) => String(args[0])).join('\n'))?.[1];
      expect(second).toBeDefined();
      expect(second).not.toBe(password);
    } finally {
      log.mockRestore();
    }
  });

  it('takes the password from ADMIN_PASSWORD and does not print it', async () => {
    const db = await getDb();
    await db.adminUser.deleteMany();
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await ensureFirstAdmin({ password: 'From-env-123' });
      expect(log.mock.calls.flat().join(' ')).not.toContain('From-env-123');
      const admin = await db.adminUser.findFirstOrThrow({ where: { username: 'admin' } });
      expect(await verifyPassword({ plain: 'From-env-123', hash: admin.passwordHash })).toBe(true);
    } finally {
      log.mockRestore();
    }
  });
});
