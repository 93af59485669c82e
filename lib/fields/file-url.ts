// A stored file reference: our own upload path or an absolute http(s) URL. No commas (several
// files are stored comma-joined), no quotes, spaces or angle brackets, no other scheme.
const FILE_URL = /^(\/uploads\/|https?:\/\/)[^\s,"'<>\\]+$/i;

export const isFileUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 500 && FILE_URL.test(value);

/** The comma-joined storage form of several files, as a list. */
export const splitFileUrls = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : [];
