import 'server-only';
import { cleanRichValues } from '@/lib/fields/clean-rich-text';
import { findClassOne } from './find-class-one';

/** news_manage/get_calss_info: what the news manage screen needs; values of removed fields stay hidden. */
export const findClassInfo = async ({ id }: { id: number }) => {
  const detail = await findClassOne({ id });
  const visibleKeys = new Set(detail.content_fileds.class.map((field) => field.key));
  const classFields = Object.fromEntries(
    Object.entries(detail.class_fields).filter(([key]) => visibleKeys.has(key)),
  );
  return {
    id: detail.id,
    class_id: detail.id,
    name: detail.name,
    key: detail.key,
    class_type: detail.class_type,
    type_show: detail.type_show,
    hr_type: detail.hr_type,
    other_info: detail.other_info,
    class_fields: cleanRichValues({ fields: detail.content_fileds.class, values: classFields }),
    content_fileds: detail.content_fileds,
  };
};
