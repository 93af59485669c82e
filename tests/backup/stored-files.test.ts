// What a backup takes from the store (lib/backup/storage-files.ts, listed by lib/storage/list-objects.ts):
// every file of the app's, sorted by key, with its size — and nothing else: not the local driver's
// half-written `.part` files, not files of another shape or in other folders, not a shared bucket's
// other objects. Both drivers (a folder, s3rver).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { listStoredFiles } from '@/lib/backup/storage-files';
import { getStorage } from '@/lib/storage/get-storage';
import { newStorageKey } from '@/lib/storage/keys';
import { useStorageDriver, type DriverName } from '../storage/helpers/drivers';

// Locally more than one page of the listing (list-objects.ts pages by 500). On s3rver one page only:
// s3rver 3.7.1 makes its continuation tokens with DES, which Node's OpenSSL 3 refuses, so it answers
// any listing that does not fit one page with an InternalError (real S3 and MinIO do not).
const FILES = { local: 520, s3: 60 };
const MONTHS = [new Date(2025, 11, 5), new Date(2026, 0, 5), new Date(2026, 10, 5)];

describe.each<DriverName>(['local', 's3'])('the files a backup takes, %s driver', (driverName) => {
  const driver = useStorageDriver(driverName);

  /** Something in the store that is not a file of the app's. */
  const putOther = async (key: string) => {
    if (driverName === 'local') {
      const file = path.join(process.env.UPLOAD_DIR as string, ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'not ours');
      return;
    }
    const env = driver.s3!.env;
    const client = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    });
    await client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: 'not ours' }));
    client.destroy();
  };

  it(`lists every file of the app's (${FILES[driverName]}, sorted, with sizes) and nothing else`, async () => {
    const stored: { key: string; size: number }[] = [];
    const storage = getStorage();
    for (let i = 0; i < FILES[driverName]; i += 1) {
      const { key, name } = newStorageKey({ ext: i % 2 ? 'png' : 'pdf', now: MONTHS[i % MONTHS.length] });
      const bytes = Buffer.alloc(1 + (i % 37), i % 256);
      await storage.put({
        key,
        body: Readable.from([bytes]),
        contentType: 'image/png',
        contentDisposition: name,
      });
      stored.push({ key, size: bytes.length });
    }
    const [year, month, name] = stored[0].key.split('/');
    const others = [
      `${year}/${month}/notes.txt`, // another shape in a month folder
      `${year}/${month}/${name.toUpperCase()}`,
      `${year}/13/${name}`, // no month 13
      `backup/${year}/${month}/${name}`, // deeper than yyyy/mm
      `readme.txt`,
      // A half-written upload of the local driver (a shared bucket may hold any name).
      `${year}/${month}/.${name}.0badc0de.part`,
    ];
    for (const key of others) await putOther(key);
    expect((await driver.listKeys()).length).toBe(FILES[driverName] + others.length);

    const listed = await listStoredFiles();
    expect(listed).toEqual([...stored].sort((a, b) => a.key.localeCompare(b.key)));
  }, 60_000);
});
