import { resolveStoredType } from '@/lib/uploads/resolve-stored-type';
import { assertUploadAllowed } from '@/lib/uploads/check-upload';
import type { UploadKind } from '@/lib/uploads/kinds';
import { HEADS } from './helpers/fixtures';

// A zip whose first entry is stored (not deflated), as file-type reads OOXML files.
const zipWith = ({ name, content }: { name: string; content: string }) => {
  const nameBytes = Buffer.from(name);
  const data = Buffer.from(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, data]);
};
const DOCX = zipWith({
  name: '[Content_Types].xml',
  content:
    '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
});
const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
const MP3 = Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(400)]);
const SEVEN_Z = Buffer.from('377abcaf271c000400000000', 'hex');

const cases: {
  name: string;
  head: Buffer;
  filename: string;
  ext: string;
  kind: UploadKind;
  isAllowed: boolean;
}[] = [
  { name: 'jfif 是 jpg', head: HEADS.jpg, filename: 'a.jfif', ext: 'jpg', kind: 'image', isAllowed: true },
  {
    name: '没有扩展名的 png 按内容识别',
    head: HEADS.png,
    filename: 'blob',
    ext: 'png',
    kind: 'editor_image',
    isAllowed: true,
  },
  {
    name: 'webp 只用于编辑器图片',
    head: HEADS.webp,
    filename: 'a.webp',
    ext: 'webp',
    kind: 'image',
    isAllowed: false,
  },
  {
    name: '编辑器图片接受 webp',
    head: HEADS.webp,
    filename: 'a.webp',
    ext: 'webp',
    kind: 'editor_image',
    isAllowed: true,
  },
  {
    name: 'docx 是 OOXML',
    head: DOCX,
    filename: '报告.docx',
    ext: 'docx',
    kind: 'editor_file',
    isAllowed: true,
  },
  {
    name: 'Office 97 的 doc',
    head: CFB,
    filename: '旧报告.doc',
    ext: 'doc',
    kind: 'editor_file',
    isAllowed: true,
  },
  { name: 'xls 也是 CFB', head: CFB, filename: 'a.xls', ext: 'xls', kind: 'editor_file', isAllowed: true },
  { name: 'mp3 帧头', head: MP3, filename: 'a.mp3', ext: 'mp3', kind: 'editor_file', isAllowed: true },
  { name: '7z', head: SEVEN_Z, filename: 'a.7z', ext: '7z', kind: 'editor_file', isAllowed: true },
  {
    name: '改名为 .docx 的 CFB 不被接受',
    head: CFB,
    filename: 'a.docx',
    ext: 'cfb',
    kind: 'editor_file',
    isAllowed: false,
  },
  {
    name: '内容是 HTML 的 .png 存为 .bin',
    head: HEADS.html,
    filename: 'a.png',
    ext: 'bin',
    kind: 'file',
    isAllowed: true,
  },
  {
    name: 'svg 保留扩展名（以附件形式提供）',
    head: HEADS.svg,
    filename: 'logo.SVG',
    ext: 'svg',
    kind: 'file',
    isAllowed: true,
  },
  {
    name: '奇怪的扩展名变成 .bin',
    head: HEADS.txt,
    filename: 'a.<script>',
    ext: 'bin',
    kind: 'file',
    isAllowed: true,
  },
];

describe('resolveStoredType and the kinds', () => {
  it.each(cases)('$name', async ({ head, filename, ext, kind, isAllowed }) => {
    const type = await resolveStoredType({ head, filename });
    expect(type.ext).toBe(ext);
    if (isAllowed) expect(() => assertUploadAllowed({ kind, type })).not.toThrow();
    else expect(() => assertUploadAllowed({ kind, type })).toThrow(/上传格式不正确/);
  });
});
