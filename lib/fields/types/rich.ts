import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

const MAX_HTML_CHARS = 2_000_000;

/** Rich text as one line of plain text (exports, list excerpts). */
export const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const htmlEditorField: FieldTypeDefinition<'html_editor'> = {
  type: 'html_editor',
  label: '富文本',
  ...PLAIN_TRAITS,
  search: 'substring',
  parse: ({ raw, field, ctx }) => {
    if (typeof raw !== 'string') return fail(`${field.title}必须是文字`);
    if (raw.length > MAX_HTML_CHARS) return fail(`${field.title}内容过长`);
    return ok(ctx.sanitizeHtml ? ctx.sanitizeHtml(raw) : raw);
  },
  toText: ({ value }) => htmlToText(String(value ?? '')),
};
