import { readContentFields } from './content-fields';

/** A category row's fields as saved (Prisma's names), for the 操作日志. */
type ClassFields = {
  parentId: number | null;
  key: string;
  name: string;
  icon: string;
  sort: number;
  isShow: boolean;
  classType: string;
  typeShow: string;
  hrType: string;
  otherInfo: unknown;
  contentFields: unknown;
};

const byKey = <T extends { key: string }>(list: T[]) =>
  Object.fromEntries(list.map((entry) => [entry.key, entry]));

/**
 * A category as the 操作日志 compares it. Field definitions are keyed by their key, so a schema
 * change reads `content_fileds.list.price.type: string → float` rather than two whole lists.
 */
export const loggedClass = (row: ClassFields) => {
  const schema = readContentFields(row.contentFields);
  return {
    parent_id: row.parentId,
    key: row.key,
    name: row.name,
    icon: row.icon,
    sort: row.sort,
    is_show: row.isShow,
    class_type: row.classType,
    type_show: row.typeShow,
    hr_type: row.hrType,
    other_info: row.otherInfo,
    content_fileds: {
      list: byKey(schema.list),
      class: byKey(schema.class),
      base_set: schema.base_set,
      process: schema.process,
    },
  };
};

export const CLASS_LOG_SELECT = {
  parentId: true,
  key: true,
  name: true,
  icon: true,
  sort: true,
  isShow: true,
  classType: true,
  typeShow: true,
  hrType: true,
  otherInfo: true,
  contentFields: true,
} as const;
