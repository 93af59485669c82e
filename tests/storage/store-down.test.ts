// The S3 store goes away under a running app (s3rver stopped): an upload and a file delete answer
// a clear 503 with nothing recorded or forgotten, everything else keeps working, and once the
// store is back uploads work again. (A full local disk, 507, is bench/faults.mjs's: it needs a
// small filesystem mounted.)
import { GET as newsListRoute } from '@/app/api/v1/manage/news_manage/get_news_list/route';
import { POST as deleteRoute } from '@/app/api/v1/manage/news_manage/del_oss_file/route';
import { POST as saveNewsRoute } from '@/app/api/v1/manage/news_manage/save_news_info/route';
import { getDb } from '@/lib/db/client';
import { STORAGE_UNAVAILABLE } from '@/lib/storage/unavailable';
import { call } from '../helpers/api';
import { createClass } from '../helpers/categories';
import { STORAGE_ENV_NAMES } from '../helpers/test-store';
import { signedIn } from '../helpers/users';
import { HEADS, sampleFile } from './helpers/fixtures';
import { startTestS3, type TestS3 } from './helpers/s3-server';
import { upload } from './helpers/upload';

const saved: Record<string, string | undefined> = {};
let s3: TestS3;
let token: string;
let classId: number;

const picture = () =>
  upload({ token, kind: 'image', file: sampleFile({ head: HEADS.png, size: 40_000, filename: 'p.png' }) });
const fileCount = async () => (await getDb()).uploadedFile.count();

beforeAll(async () => {
  for (const name of STORAGE_ENV_NAMES) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  s3 = await startTestS3();
  Object.assign(process.env, s3.env, { STORAGE_DRIVER: 's3' });
  ({ token } = await signedIn({ roles: ['news_content', 'class_manage'] }));
  classId = await createClass(token, { name: '存储停机' });
});

afterAll(async () => {
  await s3.stop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

it('answers 503 to uploads and deletes while S3 is down, keeps the rest working, and recovers', async () => {
  const before = await picture();
  expect(before.body.code).toBe(200);
  const storedName = (before.body.data as string).split('/').pop() as string;
  const port = Number(new URL(s3.env.S3_ENDPOINT).port);

  await s3.stop();
  const files = await fileCount();
  const started = Date.now();
  const refused = await picture();
  expect([refused.status, refused.body]).toEqual([
    503,
    { code: 503, message: STORAGE_UNAVAILABLE, data: null },
  ]);
  expect(Date.now() - started).toBeLessThan(10_000);
  const deleted = await call(deleteRoute, { method: 'POST', token, body: { name: storedName } });
  expect([deleted.status, deleted.body.message]).toEqual([503, STORAGE_UNAVAILABLE]);
  // Nothing recorded for the refused upload, nothing forgotten for the refused delete.
  expect(await fileCount()).toBe(files);
  expect(await (await getDb()).uploadedFile.findUnique({ where: { name: storedName } })).not.toBeNull();

  // The rest of the app does not need the store.
  const saved = await call(saveNewsRoute, {
    method: 'POST',
    token,
    body: { class_id: classId, title: '存储停机时' },
  });
  expect(saved.body.code).toBe(200);
  const list = await call(newsListRoute, {
    token,
    query: { class_id: String(classId), page: '1', limit: '10' },
  });
  expect(list.body.code).toBe(200);

  // Back on the same address (an empty bucket): uploads work again.
  s3 = await startTestS3({ port });
  expect((await picture()).body.code).toBe(200);
});
