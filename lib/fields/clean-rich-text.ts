import 'server-only';
import type { FieldDefinition } from './definition';
import { sanitizeRichText } from './sanitize-html';

/**
 * The rich-text values of a record as a form receives them: passed through the allow-list again.
 * Saves through the API are cleaned already (then this changes nothing); a row written another
 * way — SQL, an import, a version before the allow-list — must not reach the editor raw either:
 * the editor would not run it, but the page's policy would have to block its handlers.
 * Returns a copy; child_info rows are cleaned by their own definitions.
 */
export const cleanRichValues = <T extends Record<string, unknown>>({
  fields,
  values,
}: {
  fields: FieldDefinition[];
  values: T;
}): T => {
  const next: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = next[field.key];
    if (field.type === 'html_editor' && typeof value === 'string' && value)
      next[field.key] = sanitizeRichText(value);
    else if (field.type === 'child_info' && Array.isArray(value))
      next[field.key] = value.map((row: unknown) =>
        row && typeof row === 'object' && !Array.isArray(row)
          ? cleanRichValues({ fields: field.child_info, values: row as Record<string, unknown> })
          : row,
      );
  }
  return next as T;
};
