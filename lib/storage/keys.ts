// Free of Node APIs so schemas (safe in the browser) can share the name rule.
// A stored name is `<32 hex>.<ext>`; a key is `yyyy/mm/<name>`. Both are made here only, so any
// other shape (a path, '..', a backslash) met in a request is refused outright.
const NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;
const KEY_PATTERN = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

export const isStoredName = (name: string) => NAME_PATTERN.test(name);
export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export const extOfStoredName = ({ name }: { name: string }) => name.slice(name.lastIndexOf('.') + 1);

export const newStorageKey = ({ ext, now = new Date() }: { ext: string; now?: Date }) => {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const name = `${random}.${ext}`;
  const month = String(now.getMonth() + 1).padStart(2, '0');
  return { name, key: `${now.getFullYear()}/${month}/${name}` };
};
