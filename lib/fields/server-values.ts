import 'server-only';
import type { FieldDefinition } from './definition';
import { parseRecord } from './parse-record';
import { sanitizeRichText } from './sanitize-html';
import { epochSeconds } from './types/time';
import type { StoredValue } from './type-definition';
import { AppError, ErrorCode } from '@/lib/http/app-error';

type ServerValuesOptions = {
  fields: FieldDefinition[];
  raw: Record<string, unknown>;
  /** Everything stored before, including values of fields no longer in the schema. */
  previous: Record<string, unknown>;
  isCreate: boolean;
  actorName: string;
  now?: Date;
  /** The next running number of the category, for auto fields of a new record. */
  nextAuto?: () => Promise<number>;
};

/**
 * The server's validation of a record through the registry, with the server-assigned fields filled
 * in. Hidden values (fields removed from the schema) are kept, never destroyed.
 */
export const buildStoredValues = async ({
  fields,
  raw,
  previous,
  isCreate,
  actorName,
  now = new Date(),
  nextAuto,
}: ServerValuesOptions) => {
  const parsed = parseRecord({ fields, raw, ctx: { sanitizeHtml: sanitizeRichText, now }, isCreate });
  if (!parsed.ok)
    throw new AppError({ code: ErrorCode.badRequest, message: parsed.message, data: { field: parsed.key } });
  const values: Record<string, StoredValue> = {
    ...(previous as Record<string, StoredValue>),
    ...parsed.values,
  };
  for (const field of fields) {
    if (field.type === 'auto') {
      const kept = previous[field.key];
      values[field.key] = typeof kept === 'number' ? kept : nextAuto ? await nextAuto() : 1;
    } else if (field.type === 'auto_back') {
      values[field.key] = { name: actorName, time: epochSeconds(now) };
    }
  }
  return values;
};
