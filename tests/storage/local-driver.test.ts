// The local driver (lib/storage/local-driver.ts) on a real folder: removing a file takes the
// `yyyy/mm` and `yyyy` folders it leaves empty with it, never one that still holds something, and
// an upload racing such a removal into the same folder is stored all the same.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createLocalDriver } from '@/lib/storage/local-driver';
import { newStorageKey } from '@/lib/storage/keys';

// One interleaving made certain: right after the driver makes an upload's folders, the month
// folder is removed again, as a concurrent remove() pruning it would (lib/storage/local-driver.ts
// makes and opens in two steps). Every other call is the real one.
const mockPrune = { once: false };
jest.mock('node:fs/promises', () => {
  const real = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  return {
    ...real,
    mkdir: async (...args: Parameters<typeof real.mkdir>) => {
      const made = await real.mkdir(...args);
      if (mockPrune.once) {
        mockPrune.once = false;
        await real.rmdir(args[0]);
      }
      return made;
    },
  };
});

let uploadDir = '';
let saved: string | undefined;
const driver = createLocalDriver();

const put = (key: string, text = 'x') =>
  driver.put({
    key,
    body: Readable.from([Buffer.from(text)]),
    contentType: 'text/plain',
    contentDisposition: 'attachment',
  });
const entries = async () => (await readdir(uploadDir, { recursive: true })).sort();
const keyIn = (month: Date) => newStorageKey({ ext: 'txt', now: month }).key;

beforeEach(async () => {
  saved = process.env.UPLOAD_DIR;
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'cms-local-driver-'));
  process.env.UPLOAD_DIR = uploadDir;
});
afterEach(async () => {
  if (saved === undefined) delete process.env.UPLOAD_DIR;
  else process.env.UPLOAD_DIR = saved;
  await rm(uploadDir, { recursive: true, force: true });
});

describe('the local driver’s folders', () => {
  it('removes the month and year folders a removed file leaves empty, and only those', async () => {
    const march = keyIn(new Date(2024, 2, 5));
    const otherMarch = keyIn(new Date(2024, 2, 9));
    const april = keyIn(new Date(2024, 3, 1));
    const lastYear = keyIn(new Date(2023, 11, 1));
    for (const key of [march, otherMarch, april, lastYear]) await put(key);
    expect(await entries()).toEqual(
      ['2023', '2023/12', lastYear, '2024', '2024/03', march, otherMarch, '2024/04', april].sort(),
    );

    await driver.remove({ key: march });
    expect(await entries()).toEqual(
      ['2023', '2023/12', lastYear, '2024', '2024/03', otherMarch, '2024/04', april].sort(),
    );
    await driver.remove({ key: otherMarch });
    expect(await entries()).toEqual(['2023', '2023/12', lastYear, '2024', '2024/04', april].sort());
    await driver.remove({ key: april });
    expect(await entries()).toEqual(['2023', '2023/12', lastYear].sort());
    await driver.remove({ key: lastYear });
    expect(await entries()).toEqual([]);
    // The upload folder itself stays; removing what is gone is no error.
    await driver.remove({ key: lastYear });
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('keeps a folder that holds something else than uploads (a file an operator put there)', async () => {
    const key = keyIn(new Date(2024, 0, 1));
    await put(key);
    await writeFile(path.join(uploadDir, '2024', 'README'), 'kept');
    await driver.remove({ key });
    expect(await entries()).toEqual(['2024', '2024/README']);
  });

  it('a refused write leaves neither its part nor the folders it made', async () => {
    const key = keyIn(new Date(2024, 4, 1));
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      driver.put({ key, body: failing, contentType: 'text/plain', contentDisposition: 'attachment' }),
    ).rejects.toThrow('client went away');
    expect(await entries()).toEqual([]);
  });

  it('stores an upload whose new month folder a removal prunes between making it and writing there', async () => {
    const key = keyIn(new Date(2024, 5, 1));
    // What a remove() of the folder's last file does when it runs at that moment: the folder the
    // upload has just made is empty, so it goes.
    mockPrune.once = true;
    await put(key, 'stored');
    expect(mockPrune.once).toBe(false);
    expect(await entries()).toEqual(['2024', '2024/06', key]);
  });
});
