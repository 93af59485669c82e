// File URLs are stored in the data as the storage driver answered them at upload time ('/uploads/'
// + key for the local driver, S3_PUBLIC_URL + '/' + key for s3), inside item fields, rich text,
// process attachments, settings and avatars. A restore onto another store (or another public URL)
// rewrites the base of every URL that names a file of the archive, so the restored site links to
// the files where they now are; other URLs are left alone.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export type UrlRewriter = { rewrite: (text: string) => string; count: () => number };

export const urlRewriter = ({
  from,
  to,
  keys,
}: {
  from: string;
  to: string;
  keys: ReadonlySet<string>;
}): UrlRewriter | null => {
  if (from === to || keys.size === 0) return null;
  // Not inside a longer URL (a relative '/uploads/' base preceded by a host is someone else's file).
  const pattern = new RegExp(
    `(?<![\\w.:/-])${escapeRegExp(from)}(\\d{4}/(?:0[1-9]|1[0-2])/[0-9a-f]{32}\\.[a-z0-9]{1,10})(?![a-z0-9])`,
    'g',
  );
  let count = 0;
  return {
    rewrite: (text) =>
      text.includes(from)
        ? text.replace(pattern, (match, key: string) => {
            if (!keys.has(key)) return match;
            count += 1;
            return `${to}${key}`;
          })
        : text,
    count: () => count,
  };
};
