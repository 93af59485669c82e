import 'server-only';
import { getDb } from '@/lib/db/client';

export const DEFAULT_PRODUCT_TITLE = '内容管理后台';

type SystemSettings = { title: string };

/** The settings every page needs (the product title). The /system/set issue extends this. */
export const readSystemSettings = async (): Promise<SystemSettings> => {
  const db = await getDb();
  const row = await db.systemSetting.findUnique({ where: { key: 'system' }, select: { value: true } });
  const value = (row?.value ?? {}) as Partial<SystemSettings>;
  return {
    title: typeof value.title === 'string' && value.title.trim() ? value.title.trim() : DEFAULT_PRODUCT_TITLE,
  };
};
