import { getDb } from '@/lib/db/client';
import { getStorage } from '@/lib/storage/get-storage';
import { signedIn } from '../helpers/users';
import { useStorageDriver, type DriverName } from './helpers/drivers';
import { HEADS, MB, sampleFile, sha256 } from './helpers/fixtures';
import { keyOfUrl, upload } from './helpers/upload';

const IMAGE_WRONG = '上传格式不正确，请上传图片格式';
const FILE_WRONG = '上传格式不正确，不支持该文件类型';

describe.each<DriverName>(['local', 's3'])('upload_one_file on the %s driver', (driverName) => {
  const driver = useStorageDriver(driverName);
  let token = '';
  let userId = 0;

  beforeAll(async () => {
    const session = await signedIn({ roles: ['news_content'] });
    token = session.token;
    userId = session.user.id;
  });

  const expectNothingStored = async () => {
    expect(await driver.listKeys()).toEqual([]);
    expect(await (await getDb()).uploadedFile.count()).toBe(0);
  };

  afterEach(async () => {
    // Each case starts from an empty store: delete what a passing case kept.
    const db = await getDb();
    for (const row of await db.uploadedFile.findMany())
      await getStorage({ driver: row.driver }).remove({ key: row.key });
    await db.uploadedFile.deleteMany();
  });

  const roundTrips = [
    {
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 300_000, filename: '封面.png', contentType: 'image/png' }),
      ext: 'png',
      mime: 'image/png',
    },
    {
      kind: 'image',
      file: sampleFile({ head: HEADS.jpg, size: 150_000, filename: 'photo.JPEG' }),
      ext: 'jpg',
      mime: 'image/jpeg',
    },
    {
      kind: 'image',
      file: sampleFile({ head: HEADS.gif, size: 5_000, filename: 'anim.gif' }),
      ext: 'gif',
      mime: 'image/gif',
    },
    {
      kind: 'video',
      file: sampleFile({ head: HEADS.mp4, size: 6 * MB + 123, filename: 'clip.mp4' }),
      ext: 'mp4',
      mime: 'video/mp4',
    },
    {
      kind: 'editor_file',
      file: sampleFile({ head: HEADS.pdf, size: 80_000, filename: '说明.pdf' }),
      ext: 'pdf',
      mime: 'application/pdf',
    },
  ];

  it.each(roundTrips)(
    'stores a $kind $file.filename and reads back the same bytes',
    async ({ kind, file, ext, mime }) => {
      const result = await upload({ token, kind, file });
      expect(result.status).toBe(200);
      expect(result.body.code).toBe(200);
      const url = result.body.data as string;
      expect(url).toMatch(new RegExp(`/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`));
      expect(
        url.startsWith(driverName === 'local' ? '/uploads/' : (process.env.S3_PUBLIC_URL as string)),
      ).toBe(true);

      const stored = await driver.read(keyOfUrl(url));
      expect(stored && sha256(stored)).toBe(file.sha256);
      const row = await (
        await getDb()
      ).uploadedFile.findUniqueOrThrow({ where: { name: url.split('/').pop() } });
      expect(row).toMatchObject({
        key: keyOfUrl(url),
        driver: driverName,
        kind,
        mimeType: mime,
        size: file.size,
        originalName: file.filename,
        userId,
      });
    },
  );

  it('accepts exactly 20 MB', async () => {
    const file = sampleFile({ head: HEADS.png, size: 20 * MB, filename: 'big.png' });
    const result = await upload({ token, kind: 'image', file });
    expect(result.body.code).toBe(200);
    expect(sha256((await driver.read(keyOfUrl(result.body.data as string))) as Buffer)).toBe(file.sha256);
  });

  it('refuses 20 MB + 1 byte while streaming: 413, nothing stored, no record', async () => {
    const result = await upload({
      token,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 20 * MB + 1, filename: 'big.png' }),
    });
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ code: 413, message: '上传文件大小不能超过 20 MB!', data: null });
    expect(result.headers.get('connection')).toBe('close');
    await expectNothingStored();
  });

  it('removes a refused upload while the client is still sending the rest', async () => {
    const big = sampleFile({ head: HEADS.png, size: 22 * MB, filename: 'big.png' });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachGate = () => {};
    const atGate = new Promise<void>((resolve) => (reachGate = resolve));
    const file = {
      ...big,
      chunks: async function* () {
        let sent = 0;
        let isHeld = false;
        for await (const chunk of big.chunks()) {
          yield chunk;
          sent += chunk.length;
          // Past the limit the server discards what it reads; the client holds back the last MB.
          if (sent >= 21 * MB && !isHeld) {
            isHeld = true;
            reachGate();
            await gate;
          }
        }
      },
    };
    let isAnswered = false;
    const answer = upload({ token, kind: 'image', file }).then((result) => {
      isAnswered = true;
      return result;
    });
    await atGate;
    for (let tries = 0; tries < 50 && (await driver.listKeys()).length > 0; tries += 1)
      await new Promise((r) => setTimeout(r, 20));
    await expectNothingStored();
    expect(isAnswered).toBe(false);
    release();
    expect((await answer).status).toBe(413);
  });

  it('stores nothing when the client goes away mid-upload', async () => {
    const partial = sampleFile({ head: HEADS.png, size: 3 * MB, filename: 'a.png' });
    const file = {
      ...partial,
      chunks: async function* () {
        yield* partial.chunks();
        throw new Error('client aborted');
      },
    };
    const result = await upload({ token, kind: 'image', file });
    expect(result.status).toBe(400);
    await expectNothingStored();
  });

  it('refuses a 10 MB + 1 byte editor image with the 10 MB message', async () => {
    const result = await upload({
      token,
      kind: 'editor_image',
      file: sampleFile({ head: HEADS.jpg, size: 10 * MB + 1, filename: 'x.jpg' }),
    });
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('上传文件大小不能超过 10 MB!');
    await expectNothingStored();
  });

  it.each([
    {
      name: 'a .png that is really HTML',
      kind: 'image',
      file: sampleFile({ head: HEADS.html, filename: 'cat.png', contentType: 'image/png' }),
      message: IMAGE_WRONG,
    },
    {
      name: 'a .jpg that is really a png',
      kind: 'image',
      file: sampleFile({ head: HEADS.png, filename: 'cat.jpg' }),
      message: IMAGE_WRONG,
    },
    {
      name: 'an svg as an image',
      kind: 'editor_image',
      file: sampleFile({ head: HEADS.svg, filename: 'logo.svg' }),
      message: IMAGE_WRONG,
    },
    {
      name: 'a png as a video',
      kind: 'video',
      file: sampleFile({ head: HEADS.png, filename: 'clip.mp4' }),
      message: '上传格式不正确，请上传 mp4 视频',
    },
    {
      name: 'an .exe renamed .pdf',
      kind: 'editor_file',
      file: sampleFile({ head: HEADS.exe, size: 40_000, filename: '报告.pdf' }),
      message: FILE_WRONG,
    },
    {
      name: 'a .txt that is HTML',
      kind: 'editor_file',
      file: sampleFile({ head: HEADS.html, filename: 'readme.txt' }),
      message: FILE_WRONG,
    },
    {
      name: 'an html document',
      kind: 'editor_file',
      file: sampleFile({ head: HEADS.html, filename: 'page.html' }),
      message: FILE_WRONG,
    },
  ])('refuses $name with 415 and stores nothing', async ({ kind, file, message }) => {
    const result = await upload({ token, kind, file });
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({ code: 415, message });
    await expectNothingStored();
  });

  it('accepts a plain .txt attachment in the editor', async () => {
    const file = sampleFile({ head: HEADS.txt, size: 3_000, filename: '说明.txt' });
    const result = await upload({ token, kind: 'editor_file', file });
    expect(result.body.code).toBe(200);
    expect(result.body.data).toMatch(/\.txt$/);
  });

  it('stores an HTML file for kind=file but only as an attachment', async () => {
    const file = sampleFile({ head: HEADS.html, filename: 'page.html' });
    const result = await upload({ token, kind: 'file', file });
    expect(result.body.code).toBe(200);
    const url = result.body.data as string;
    expect(url).toMatch(/\.html$/);
    if (driver.s3) {
      const object = await driver.s3.getObject(keyOfUrl(url));
      expect(object?.contentType).toBe('text/html; charset=utf-8');
      expect(object?.contentDisposition).toMatch(/^attachment;/);
    } else {
      const { GET } = await import('@/app/uploads/[...key]/route');
      const response = await GET(new Request(`http://127.0.0.1:3000${url}`), {
        params: Promise.resolve({ key: keyOfUrl(url).split('/') }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(file.sha256);
    }
  });

  it('labels kind=file content by what it is, not by its name', async () => {
    const result = await upload({
      token,
      kind: 'file',
      file: sampleFile({ head: HEADS.exe, filename: 'setup.pdf' }),
    });
    expect(result.body.data).toMatch(/\.exe$/);
  });

  it('takes the kind from the query or from a field after the file', async () => {
    const file = sampleFile({ head: HEADS.png, filename: 'a.png' });
    expect((await upload({ token, kind: 'image', kindIn: 'query', file })).body.code).toBe(200);
    expect((await upload({ token, kind: 'image', kindIn: 'field-after', file })).body.code).toBe(200);
  });

  it('checks a kind sent after the file once the file is in, and removes it when refused', async () => {
    const tooBig = await upload({
      token,
      kind: 'editor_image',
      kindIn: 'field-after',
      file: sampleFile({ head: HEADS.png, size: 10 * MB + 1, filename: 'a.png' }),
    });
    expect(tooBig).toMatchObject({ status: 413, body: { message: '上传文件大小不能超过 10 MB!' } });
    const wrongType = await upload({
      token,
      kind: 'image',
      kindIn: 'field-after',
      file: sampleFile({ head: HEADS.pdf, filename: 'a.pdf' }),
    });
    expect(wrongType).toMatchObject({ status: 415, body: { message: IMAGE_WRONG } });
    await expectNothingStored();
  });

  it.each([
    { name: 'no file part', kind: 'image', file: undefined, message: '请选择要上传的文件' },
    {
      name: 'no kind',
      kind: undefined,
      file: sampleFile({ head: HEADS.png, filename: 'a.png' }),
      message: '请指定上传类型',
    },
    {
      name: 'an unknown kind',
      kind: 'script',
      file: sampleFile({ head: HEADS.png, filename: 'a.png' }),
      message: '上传类型不正确',
    },
  ])('answers 400 for $name', async ({ kind, file, message }) => {
    const result = await upload({ token, kind, file });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 400, message });
    await expectNothingStored();
  });

  it('asks for a role that uploads and a session', async () => {
    const file = sampleFile({ head: HEADS.png, filename: 'a.png' });
    const other = await signedIn({ roles: ['class_manage'] });
    const forbidden = await upload({ token: other.token, kind: 'image', file });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(403);
    expect((await upload({ kind: 'image', file })).body.code).toBe(50008);
    await expectNothingStored();
  });

  it.each(['query', 'field-first', 'field-after'] as const)(
    'refuses a kind the roles do not upload (kind in the %s) with 403 and stores nothing',
    async (kindIn) => {
      // 系统设置 uploads a picture (the logo), not attachments.
      const logoOnly = await signedIn({ roles: ['system_set'] });
      const file = sampleFile({ head: HEADS.pdf, size: 80_000, filename: '说明.pdf' });
      const result = await upload({ token: logoOnly.token, kind: 'editor_file', file, kindIn });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ code: 403, message: '没有权限上传该类型的文件', data: null });
      if (kindIn !== 'query') expect(result.headers.get('connection')).toBe('close');
      await expectNothingStored();
    },
  );
});
