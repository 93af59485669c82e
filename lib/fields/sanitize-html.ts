import sanitizeHtml from 'sanitize-html';

// The allow-list for rich text: formatting, links, images, video and tables. No script, no event
// handlers, no javascript: or data: URLs except inline images.
//
// Stored content is shown on public pages too, so it must not be able to cover them: no position,
// no z-index, no free class names (a site's own CSS classes could pin an element over the page —
// only a code block's language-* class is kept), and sizes bounded to what an article needs.
const LIMITS: Record<string, { px: number; em?: number; percent?: number }> = {
  'font-size': { px: 72, em: 4, percent: 400 },
  width: { px: 1920, percent: 100 },
  height: { px: 1200 },
};
const SIZE_ATTRIBUTE_MAX = { width: 1920, height: 1200 } as const;

/** Whether one size value is within its property's bounds (shape is checked by allowedStyles). */
const withinLimit = (property: string, value: string) => {
  const limit = LIMITS[property];
  if (!limit) return true;
  const match = /^(\d+(?:\.\d+)?)(px|r?em|%)$/.exec(value.trim());
  if (!match) return false;
  const amount = Number(match[1]);
  const max = match[2] === 'px' ? limit.px : match[2] === '%' ? limit.percent : limit.em;
  return max !== undefined && amount <= max;
};

/** Drops the size declarations of a style attribute that are out of bounds. */
const boundStyle = (style: string) =>
  style
    .split(';')
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return false;
      return withinLimit(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1));
    })
    .join(';');

/** width/height attributes of images and video: plain numbers within bounds, or dropped. */
const boundSizeAttributes = (attribs: sanitizeHtml.Attributes) => {
  const next = { ...attribs };
  for (const name of ['width', 'height'] as const) {
    if (next[name] === undefined) continue;
    const value = next[name].trim();
    if (!/^\d{1,5}$/.test(value) || Number(value) > SIZE_ATTRIBUTE_MAX[name]) delete next[name];
  }
  return next;
};

const transform = (tagName: string, attribs: sanitizeHtml.Attributes) => {
  let next = attribs;
  if (next.style !== undefined) next = { ...next, style: boundStyle(next.style) };
  if (tagName === 'img' || tagName === 'video') next = boundSizeAttributes(next);
  if (tagName === 'a' && next.target === '_blank') next = { ...next, rel: 'noopener noreferrer' };
  return { tagName, attribs: next };
};
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'video',
    'source',
    'audio',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'download'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'preload'],
    audio: ['src', 'controls', 'preload'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    '*': ['style'],
  },
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|%)$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      height: [/^\d+(\.\d+)?px$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { '*': transform },
};

/** Server-side HTML allow-list for html_editor values and news content. */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS);
