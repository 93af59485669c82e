import 'server-only';
import { getDb } from '@/lib/db/client';

/** Resolves /NewsManage/{parent keys…}/{key} to a visible category, walking down from the root. */
export const findClassByPath = async ({ keys }: { keys: string[] }) => {
  if (keys.length === 0) return null;
  const db = await getDb();
  let parentId: number | null = null;
  let found: { id: number; name: string; classType: string } | null = null;
  for (const key of keys) {
    found = await db.newsClass.findFirst({
      where: { parentId, key, isShow: true },
      select: { id: true, name: true, classType: true },
    });
    if (!found) return null;
    parentId = found.id;
  }
  return found;
};
