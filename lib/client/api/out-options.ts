import { apiGet } from '@/lib/client/api/core';

export type OutOption = { label: string; value: string | number };

const isOption = (entry: unknown): entry is OutOption =>
  entry !== null &&
  typeof entry === 'object' &&
  typeof (entry as OutOption).label === 'string' &&
  ['string', 'number'].includes(typeof (entry as OutOption).value);

/**
 * The options behind an out_auto field's url (a path under /api/v1/manage: our own
 * news_manage/get_out_options, or any call answering [{label, value}]); entries of another shape are
 * dropped. The caching and batching are components/fields/out-auto/out-options.ts's.
 */
export const fetchOutOptions = async ({ path }: { path: string }) => {
  const data = await apiGet<unknown>({ path });
  if (!Array.isArray(data)) throw new Error('选项数据格式不正确');
  return data.filter(isOption);
};
