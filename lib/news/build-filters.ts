import 'server-only';
import dayjs from 'dayjs';
import type { FieldDefinition } from '@/lib/fields/definition';
import { fieldTypeOf } from '@/lib/fields/registry';
import { toSeconds } from '@/lib/fields/types/time';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';

type Query = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const bad = (field: FieldDefinition) =>
  new AppError({ code: ErrorCode.badRequest, message: `${field.title}的搜索条件不正确` });

/** A bound of a range filter in the stored form of the field: a number, or a yyyy-mm-dd text for dates. */
const bound = (field: FieldDefinition, raw: string, isEnd: boolean): number | string => {
  if (field.type === 'date') {
    if (!dayjs(raw, 'YYYY-MM-DD', true).isValid()) throw bad(field);
    return raw;
  }
  if (field.type === 'datetime') {
    const seconds = toSeconds(raw);
    if (seconds === null) throw bad(field);
    // An end given as a day includes that whole day.
    return isEnd && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? seconds + 86_399 : seconds;
  }
  if (!/^-?\d+(\.\d+)?$/.test(raw)) throw bad(field);
  return Number(raw);
};

const rangeSql = (field: FieldDefinition, op: '=' | '>=' | '<=', value: number | string) => {
  const key = field.key;
  const column =
    typeof value === 'number'
      ? Prisma.sql`(CASE WHEN jsonb_typeof(fields -> ${key}) = 'number' THEN (fields ->> ${key})::numeric END)`
      : Prisma.sql`(fields ->> ${key})`;
  return Prisma.sql`${column} ${Prisma.raw(op)} ${value}`;
};

const fieldFilters = (field: FieldDefinition, query: Query): Prisma.Sql[] => {
  const kind = fieldTypeOf(field.type).search;
  const value = text(query[field.key]);
  switch (kind) {
    case 'substring':
      return value ? [Prisma.sql`(fields ->> ${field.key}) ILIKE ${likePattern(value)}`] : [];
    case 'equal':
      return value ? [Prisma.sql`(fields ->> ${field.key}) = ${value}`] : [];
    case 'contains': {
      if (!value) return [];
      const asText = Prisma.sql`(fields -> ${field.key}) @> jsonb_build_array(${value}::text)`;
      return [
        /^-?\d+(\.\d+)?$/.test(value)
          ? Prisma.sql`(${asText} OR (fields -> ${field.key}) @> jsonb_build_array(${Number(value)}::numeric))`
          : asText,
      ];
    }
    case 'range': {
      const parts: Prisma.Sql[] = [];
      if (value) parts.push(rangeSql(field, '=', bound(field, value, false)));
      const start = text(query[`${field.key}_start`]);
      const end = text(query[`${field.key}_end`]);
      if (start) parts.push(rangeSql(field, '>=', bound(field, start, false)));
      if (end) parts.push(rangeSql(field, '<=', bound(field, end, true)));
      return parts;
    }
    default:
      return [];
  }
};

/** Rows of the category whose title may contain `title`: answered by the gram index alone. */
export const titleTokensSql = ({ classId, title }: { classId: number; title: string }) =>
  Prisma.sql`cms_search_tokens(class_id, title) @> cms_search_tokens(${classId}::int, ${title}::text)`;

/** The WHERE clause of a list or export: the category, base text filters and every searchable field. */
export const buildNewsFilters = ({
  classId,
  query,
  fields,
}: {
  classId: number;
  query: Query;
  fields: FieldDefinition[];
}) => {
  const title = text(query.title);
  const parts: Prisma.Sql[] = [];
  for (const column of ['short_title', 'intro'] as const) {
    const value = text(query[column]);
    if (value) parts.push(Prisma.sql`${Prisma.raw(column)} ILIKE ${likePattern(value)}`);
  }
  // The step an item stands at (ZNewsListQuery made it a number).
  if (typeof query.process === 'number') parts.push(Prisma.sql`process = ${query.process}::int`);
  for (const field of fields) {
    if (field.search) parts.push(...fieldFilters(field, query));
  }
  const category = Prisma.sql`class_id = ${classId}`;
  const titleMatch = title ? [Prisma.sql`title ILIKE ${likePattern(title)}`] : [];
  return {
    // The gram index narrows the category's rows (see the news_search migration); ILIKE decides.
    // Its grams carry the category id, so they select the category by themselves: a separate
    // `class_id =` would only tempt the planner to AND in a walk over the whole category's index.
    where: Prisma.join(
      [title ? titleTokensSql({ classId, title }) : category, ...titleMatch, ...parts],
      ' AND ',
    ),
    // The same rows without the gram index: for walking the category in list order and testing
    // each row, which wins when the matches are known to be common (list-page.ts).
    walkWhere: Prisma.join([category, ...titleMatch, ...parts], ' AND '),
    isTitleSearch: Boolean(title),
    isFiltered: Boolean(title) || parts.length > 0,
  };
};
