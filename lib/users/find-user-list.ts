import 'server-only';
import { getDb } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import type { TUserListQuery, UserRow } from './schemas';

type Row = Omit<UserRow, 'last_login_at' | 'created_at' | 'last_login_ip'> & {
  roles: string[] | null;
  class_ids: number[] | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  created_at: Date;
  total: bigint | number;
};

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Users by id, searched in username or name. The last sign-in is the newest session row (every
 * sign-in creates one; a session ended since still counts as the sign-in it was).
 */
export const findUserList = async ({ page, limit, keyword }: TUserListQuery) => {
  const db = await getDb();
  const where = keyword
    ? Prisma.sql`WHERE u.username ILIKE ${likePattern(keyword)} OR u.name ILIKE ${likePattern(keyword)}`
    : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT u.id, u.username, u.name, u.avatar, u.introduction, u.roles, u.class_ids, u.is_disabled,
           u.totp_enabled_at IS NOT NULL AS two_factor, u.created_at, s.created_at AS last_login_at, s.ip AS last_login_ip, count(*) OVER () AS total
    FROM admin_user u
    LEFT JOIN LATERAL (
      SELECT created_at, ip FROM admin_session WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) s ON true
    ${where}
    ORDER BY u.id
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  const total = rows.length
    ? Number(rows[0].total)
    : Number(
        (await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM admin_user u ${where}`)[0]?.n ?? 0,
      );
  const data: UserRow[] = rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    introduction: row.introduction,
    roles: row.roles ?? [],
    class_ids: row.class_ids ?? [],
    is_disabled: row.is_disabled,
    two_factor: row.two_factor,
    last_login_at: row.last_login_at ? seconds(row.last_login_at) : null,
    last_login_ip: row.last_login_ip ?? '',
    created_at: seconds(row.created_at),
  }));
  return { data, total };
};
