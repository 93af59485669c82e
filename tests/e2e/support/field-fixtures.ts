import { blankFieldDefinition, type FieldDefinition } from '@/lib/fields/definition';
import type { Page } from '@playwright/test';

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A field definition with the schema builder's defaults. */
export const fieldDef = (overrides: Partial<FieldDefinition>) =>
  blankFieldDefinition({ key: 'field', title: '字段', ...overrides });

const MB = 1024 * 1024;

/** A real picture drawn by the browser itself (no binary fixtures in the repository). */
const drawPicture = ({ page, mimeType, hue }: { page: Page; mimeType: string; hue: number }) =>
  page.evaluate(
    ({ type, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 160;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = context.createLinearGradient(0, 0, 240, 160);
      gradient.addColorStop(0, `hsl(${h}, 70%, 55%)`);
      gradient.addColorStop(1, `hsl(${(h + 60) % 360}, 70%, 40%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 240, 160);
      context.fillStyle = '#fff';
      context.font = 'bold 28px sans-serif';
      context.fillText('E2E', 20, 90);
      return canvas.toDataURL(type).split(',')[1];
    },
    { type: mimeType, h: hue },
  );

// The smallest box file-type recognises as mp4: an ftyp box (isom, brands isom/mp41).
const MP4 = Buffer.concat([
  Buffer.from('00000018', 'hex'),
  Buffer.from('ftypisom'),
  Buffer.from('00000200', 'hex'),
  Buffer.from('isommp41'),
]);

export const makeTestFiles = async ({ page }: { page: Page }) => {
  const pngBase64 = await drawPicture({ page, mimeType: 'image/png', hue: 200 });
  const jpegBase64 = await drawPicture({ page, mimeType: 'image/jpeg', hue: 20 });
  return {
    png: (name: string): FilePayload => ({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from(pngBase64, 'base64'),
    }),
    jpeg: {
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(jpegBase64, 'base64'),
    } satisfies FilePayload,
    mp4: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: MP4 } satisfies FilePayload,
    text: {
      name: 'note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('不是图片\n'),
    } satisfies FilePayload,
    /** Named .png but HTML inside: only the server, reading the content, can refuse it. */
    fakePng: {
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>\n'),
    } satisfies FilePayload,
    oversize: {
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(20 * MB + 1, 1),
    } satisfies FilePayload,
  };
};

export type TestFiles = Awaited<ReturnType<typeof makeTestFiles>>;
