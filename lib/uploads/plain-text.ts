// Markup that a browser would run or render if it ever treated the file as HTML.
const HTML_START = /^\s*<(!doctype\s+html|html|head|body|svg|\?xml)\b/i;
const ACTIVE_TAG = /<(script|iframe|object|embed|frameset)\b/i;

/**
 * Whether a file with no magic bytes reads as plain text: no NUL byte (binary data has them;
 * UTF-8 and GBK text do not) and nothing that looks like HTML. Checked on the head only.
 */
export const looksLikePlainText = ({ head }: { head: Uint8Array }) => {
  if (head.includes(0)) return false;
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '');
  return !HTML_START.test(text) && !ACTIVE_TAG.test(text);
};
