import { POST as uploadRoute } from '@/app/api/v1/manage/news_manage/upload_one_file/route';
import { getDb } from '@/lib/db/client';
import { signedIn } from '../helpers/users';
import { useStorageDriver } from './helpers/drivers';
import { HEADS, sampleFile } from './helpers/fixtures';
import { upload } from './helpers/upload';

// An upload's file name is stored (uploaded_file.original_name): it meets the text rule every
// other input meets at the edge (lib/http/input-guard.ts). A NUL in it was a 500 before.

/** A multipart body whose file part names the file in RFC 5987 form (filename*=UTF-8''…). */
const encodedNameUpload = async (token: string, encodedName: string) => {
  const boundary = '----cmsjestnames';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodedName}\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    HEADS.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await uploadRoute(
    new Request('http://127.0.0.1/api/v1/manage/news_manage/upload_one_file', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': token },
      body,
    }),
  );
  return { status: response.status, body: await response.json() };
};

describe('upload file names', () => {
  const driver = useStorageDriver('local');
  let token = '';

  beforeAll(async () => {
    token = (await signedIn({ roles: ['news_content'] })).token;
  });

  it('refuses a NUL in the name, sent raw or %-encoded, and stores nothing', async () => {
    const raw = await upload({
      token,
      kind: 'image',
      file: sampleFile({ head: HEADS.png, size: 2_000, filename: 'a\u0000b.png', contentType: 'image/png' }),
    });
    // busboy itself refuses a raw NUL in a part header: the body is malformed.
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ code: 400, message: '上传失败，请求内容不完整，请重试' });
    expect(await encodedNameUpload(token, 'x%00y.png')).toEqual({
      status: 400,
      body: { code: 400, message: '文件名含有不允许的空字符（U+0000）', data: null },
    });
    expect(await driver.listKeys()).toEqual([]);
    expect(await (await getDb()).uploadedFile.count()).toBe(0);
  });

  it('keeps a Chinese or %-encoded name as it was sent', async () => {
    const result = await encodedNameUpload(token, encodeURIComponent('封面 图.png'));
    expect(result.body.code).toBe(200);
    const row = await (await getDb()).uploadedFile.findFirst({ orderBy: { id: 'desc' } });
    expect(row?.originalName).toBe('封面 图.png');
  });
});
