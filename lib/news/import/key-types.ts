// Which import targets can find the item a row updates (import_news `key`): shared by the server
// (import-news.ts checks `key`) and the 导入 dialog (it offers only these). No server-only import
// here: the browser bundles this module.

/** Field types an item can be found by: a single value that identifies an item well enough. */
export const KEY_FIELD_TYPES: ReadonlySet<string> = new Set([
  'string',
  'int',
  'float',
  'out_auto',
  'select',
  'date',
  'datetime',
  'color',
]);

/**
 * A target (by the type import_news answers in `targets`: 'id', 'switch' for the lock, or the
 * field's type) that can be the key: the item's ID or a field of a key type.
 */
export const isKeyTargetType = (type: string) => type === 'id' || KEY_FIELD_TYPES.has(type);
