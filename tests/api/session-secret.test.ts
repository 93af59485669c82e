import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetSessionSecret, sessionSecret } from '@/lib/auth/secret';
import { pageSessionCookie, readPageSession } from '@/lib/auth/page-session';
import { getDb } from '@/lib/db/client';
import { signedIn } from '../helpers/users';

const storedRow = async () =>
  (await (await getDb()).systemSetting.findUnique({ where: { key: 'session_secret' } }))?.value ?? null;

const sealedFrom = (cookie: string) => cookie.split(';')[0].split('=').slice(1).join('=');

// Without SESSION_SECRET every instance on one database must seal the page cookie alike: the
// secret is generated once and kept in the database. Each "instance" here is a process's copy
// forgotten and read again.
describe('the page-session secret without SESSION_SECRET', () => {
  const saved = { secret: process.env.SESSION_SECRET, file: process.env.SESSION_SECRET_FILE };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-secret-'));
  beforeEach(async () => {
    delete process.env.SESSION_SECRET;
    process.env.SESSION_SECRET_FILE = path.join(dir, 'absent');
    await (await getDb()).systemSetting.deleteMany({ where: { key: 'session_secret' } });
    forgetSessionSecret();
  });
  afterAll(() => {
    process.env.SESSION_SECRET = saved.secret;
    process.env.SESSION_SECRET_FILE = saved.file;
    forgetSessionSecret();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once into the database and read by every other process', async () => {
    const { token, user } = await signedIn();
    // Two processes starting at the same moment (two loads racing, each with its own seed) agree.
    const one = sessionSecret();
    forgetSessionSecret();
    const firsts = await Promise.all([one, sessionSecret()]);
    expect(firsts[1]).toBe(firsts[0]);
    const request = new Request('http://127.0.0.1/');
    const cookie = await pageSessionCookie({ token, request });
    forgetSessionSecret();
    const second = await sessionSecret();
    expect(second).toBe(firsts[0]);
    expect(second.length).toBeGreaterThanOrEqual(32);
    expect(await storedRow()).toEqual({ secret: second });
    // A cookie sealed by the first opens on the second.
    expect((await readPageSession({ sealed: sealedFrom(cookie) }))?.user.id).toBe(user.id);
    expect(fs.existsSync(path.join(dir, 'absent'))).toBe(false);
  });

  it('takes over a secret an older version generated into SESSION_SECRET_FILE', async () => {
    const legacy = 'L'.repeat(20) + 'egacy-secret-from-the-file-0123456789';
    process.env.SESSION_SECRET_FILE = path.join(dir, 'session-secret');
    fs.writeFileSync(process.env.SESSION_SECRET_FILE, `${legacy}\n`);
    expect(await sessionSecret()).toBe(legacy);
    expect(await storedRow()).toEqual({ secret: legacy });
  });

  it('keeps the secret another process stored first', async () => {
    const theirs = 'T'.repeat(40);
    await (
      await getDb()
    ).systemSetting.create({ data: { key: 'session_secret', value: { secret: theirs } } });
    expect(await sessionSecret()).toBe(theirs);
  });

  it('uses SESSION_SECRET when set, and refuses a short one', async () => {
    process.env.SESSION_SECRET = 'E'.repeat(32);
    expect(await sessionSecret()).toBe('E'.repeat(32));
    expect(await storedRow()).toBeNull();
    forgetSessionSecret();
    process.env.SESSION_SECRET = 'too-short';
    await expect(sessionSecret()).rejects.toThrow('SESSION_SECRET 至少需要 32 个字符');
  });
});
