import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GET, HEAD } from '@/app/uploads/[...key]/route';
import { useStorageDriver } from './helpers/drivers';
import { HEADS } from './helpers/fixtures';

const NAME = 'a'.repeat(32);

const get = async ({
  key,
  headers = {},
  method = 'GET',
}: {
  key: string[];
  headers?: Record<string, string>;
  method?: string;
}) => {
  const handler = method === 'HEAD' ? HEAD : GET;
  return handler(new Request(`http://127.0.0.1:3000/uploads/${key.join('/')}`, { method, headers }), {
    params: Promise.resolve({ key }),
  });
};

describe('GET /uploads/<key> (local driver files)', () => {
  useStorageDriver('local');

  const put = async ({ ext, bytes }: { ext: string; bytes: Buffer }) => {
    const dir = path.join(process.env.UPLOAD_DIR as string, '2026', '11');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${NAME}.${ext}`), bytes);
    return ['2026', '11', `${NAME}.${ext}`];
  };

  it.each([
    { ext: 'png', bytes: HEADS.png, type: 'image/png', disposition: /^inline;/ },
    { ext: 'mp4', bytes: HEADS.mp4, type: 'video/mp4', disposition: /^inline;/ },
    { ext: 'pdf', bytes: HEADS.pdf, type: 'application/pdf', disposition: /^attachment;/ },
    { ext: 'html', bytes: HEADS.html, type: 'text/html; charset=utf-8', disposition: /^attachment;/ },
    { ext: 'svg', bytes: HEADS.svg, type: 'image/svg+xml', disposition: /^attachment;/ },
    { ext: 'bin', bytes: HEADS.exe, type: 'application/octet-stream', disposition: /^attachment;/ },
    { ext: 'xyz', bytes: HEADS.txt, type: 'application/octet-stream', disposition: /^attachment;/ },
  ])('serves .$ext as $type, $disposition, nosniff, immutable', async ({ ext, bytes, type, disposition }) => {
    const response = await get({ key: await put({ ext, bytes }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-disposition')).toMatch(disposition);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers byte ranges (video seeking) and refuses impossible ones', async () => {
    const bytes = Buffer.from('0123456789');
    const key = await put({ ext: 'mp4', bytes });
    const middle = await get({ key, headers: { range: 'bytes=2-5' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await middle.text()).toBe('2345');
    const tail = await get({ key, headers: { range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    expect((await get({ key, headers: { range: 'bytes=10-' } })).status).toBe(416);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await get({ key: await put({ ext: 'png', bytes: HEADS.png }), method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(HEADS.png.length));
    expect(await response.text()).toBe('');
  });

  it.each([
    [['2026', '11', `${'b'.repeat(32)}.png`]],
    [['..', '..', 'etc', 'passwd']],
    [['2026', '11', '..', '..', '..', 'package.json']],
    [['2026', '11', `..%2F${NAME}.png`]],
    [['2026/11/../..', `${NAME}.png`]],
    [['2026', '11', `.${NAME}.png.abcd.part`]],
    [['2026', '11']],
    [['2026', '11', `${NAME}.PNG`]],
  ])('answers 404 for %j', async (key) => {
    await put({ ext: 'png', bytes: HEADS.png });
    const response = await get({ key });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
