import 'server-only';
import { getSql } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import type { ImportTarget } from './targets';

/** header → target key, '' = the column is ignored. */
export type ImportMapping = Record<string, string>;

const refuse = (message: string) => new AppError({ code: ErrorCode.badRequest, message });

/** The mapping last committed in the category (news_import_mapping), or none. */
export const rememberedMapping = async (classId: number) => {
  const sql = await getSql();
  const [row] = await sql.query<{ mapping: ImportMapping; key: string }>(
    Prisma.sql`SELECT mapping, key FROM news_import_mapping WHERE class_id = ${classId}`,
  );
  return row ?? null;
};

const automaticTarget = (header: string, targets: readonly ImportTarget[]) => {
  const lower = header.toLowerCase();
  return (
    targets.find((target) => target.title === header) ??
    targets.find((target) => target.key.toLowerCase() === lower)
  );
};

/**
 * The mapping of a file's headers. Given (`explicit`): every header it names must be in the file
 * and every key a target of the category; headers it leaves out are ignored. Omitted: the
 * category's remembered mapping for the headers it knows (and whose target still exists), then
 * each other header equal to a target's title or key. A target takes at most one column.
 */
export const resolveMapping = ({
  headers,
  targets,
  explicit,
  remembered,
}: {
  headers: readonly string[];
  targets: readonly ImportTarget[];
  explicit: ImportMapping | undefined;
  remembered: ImportMapping | null;
}): ImportMapping => {
  const byKey = new Map(targets.map((target) => [target.key, target]));
  const mapping: ImportMapping = {};
  const used = new Map<string, string>();
  const take = (header: string, key: string) => {
    if (!key) return void (mapping[header] = '');
    const earlier = used.get(key);
    if (earlier !== undefined) {
      if (explicit)
        throw refuse(
          `「${byKey.get(key)?.title ?? key}」对应了两列（「${earlier}」和「${header}」），请只选一列`,
        );
      return void (mapping[header] = '');
    }
    used.set(key, header);
    mapping[header] = key;
  };
  const present = headers.filter(Boolean);
  if (explicit) {
    for (const [header, key] of Object.entries(explicit)) {
      if (!present.includes(header)) throw refuse(`映射中的列「${header.slice(0, 30)}」不在文件的表头中`);
      if (key && !byKey.has(key)) throw refuse(`映射中的字段「${key.slice(0, 30)}」不是该栏目的字段`);
    }
    for (const header of present) take(header, explicit[header] ?? '');
    return mapping;
  }
  for (const header of present) {
    const kept = remembered?.[header];
    if (kept !== undefined && (kept === '' || byKey.has(kept))) take(header, kept);
  }
  for (const header of present)
    if (!(header in mapping)) take(header, automaticTarget(header, targets)?.key ?? '');
  // In the file's column order.
  return Object.fromEntries(present.map((header) => [header, mapping[header]]));
};
