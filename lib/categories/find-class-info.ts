import 'server-only';
import { cleanRichValues } from '@/lib/fields/clean-rich-text';
import { findClassOne } from './find-class-one';
import { toClassInfo, type ClassInfo } from './to-api';

/** news_manage/get_calss_info: what the news manage screen needs; values of removed fields stay hidden. */
export const findClassInfo = async ({ id }: { id: number }): Promise<ClassInfo> => {
  const detail = await findClassOne({ id });
  const visibleKeys = new Set(detail.content_fileds.class.map((field) => field.key));
  const classFields = Object.fromEntries(
    Object.entries(detail.class_fields).filter(([key]) => visibleKeys.has(key)),
  );
  return toClassInfo({
    detail,
    classFields: cleanRichValues({ fields: detail.content_fileds.class, values: classFields }),
  });
};
