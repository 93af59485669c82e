import 'server-only';
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { MANIFEST_ENTRY, ZManifest, type Manifest } from './archive-format';
import { forEachEntry } from './read-archive';
import { formatBytes, formatCount, throttled, type Reporter } from './reporter';

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export type EntryDigest = { size: number; sha256: string; lines: number };

/**
 * Passes a stream through, counting its bytes and newlines and hashing it; `digest` settles once
 * the whole stream has been read through `stream`.
 */
export const digesting = (source: Readable) => {
  const hash = createHash('sha256');
  let size = 0;
  let lines = 0;
  let settle!: (digest: EntryDigest) => void;
  const digest = new Promise<EntryDigest>((resolve) => (settle = resolve));
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
      callback(null, chunk);
    },
    flush(callback) {
      settle({ size, sha256: hash.digest('hex'), lines });
      callback();
    },
  });
  source.on('error', (error) => stream.destroy(error));
  source.pipe(stream);
  return { stream, digest };
};

const digestStream = (source: Readable) => {
  const { stream, digest } = digesting(source);
  stream.resume();
  return digest;
};

const readManifest = async (stream: Readable, size: number) => {
  if (size > MAX_MANIFEST_BYTES) throw new Error('manifest.json 过大，不是本应用的备份文件。');
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('manifest.json 不是有效的 JSON，备份文件已损坏。');
  }
  const parsed = ZManifest.safeParse(raw);
  if (!parsed.success)
    throw new Error('manifest.json 的格式无法识别：不是本应用的备份文件，或来自不兼容的版本。');
  return parsed.data;
};

/** Problems between what the manifest lists and what was read (empty when they agree). */
export const compareWithManifest = ({
  manifest,
  digests,
}: {
  manifest: Manifest;
  digests: Map<string, EntryDigest>;
}) => {
  const problems: string[] = [];
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  for (const entry of manifest.entries) {
    const got = digests.get(entry.path);
    if (!got) problems.push(`缺少 ${entry.path}`);
    else if (got.size !== entry.size || got.sha256 !== entry.sha256)
      problems.push(
        `${entry.path} 的校验和不一致（sha256 ${got.sha256.slice(0, 12)}…，清单为 ${entry.sha256.slice(0, 12)}…）`,
      );
  }
  for (const name of digests.keys()) if (!listed.has(name)) problems.push(`清单中没有的条目 ${name}`);
  for (const table of manifest.database.tables) {
    const got = digests.get(`data/${table.name}.copy`);
    if (got && got.lines !== table.rows)
      problems.push(`表 ${table.name} 有 ${got.lines} 行，清单为 ${table.rows} 行`);
  }
  const uploads = manifest.entries.filter((entry) => entry.path.startsWith('uploads/')).length;
  if (uploads !== manifest.storage.files)
    problems.push(`文件数 ${uploads} 与清单的 ${manifest.storage.files} 不一致`);
  return problems;
};

export const checksumError = (problems: string[]) =>
  new Error(
    `备份文件校验失败（已损坏或被修改），没有载入任何数据：\n${problems
      .slice(0, 20)
      .map((problem) => `  - ${problem}`)
      .join('\n')}${problems.length > 20 ? `\n  …共 ${problems.length} 处` : ''}`,
  );

/**
 * Reads the whole archive once before anything is loaded: every entry's sha256 and size against
 * the manifest, every data file's row count, nothing missing and nothing extra.
 */
export const verifyArchive = async ({
  file,
  report,
}: {
  file: string;
  report?: Reporter;
}): Promise<Manifest> => {
  let manifest: Manifest | undefined;
  const digests = new Map<string, EntryDigest>();
  let bytes = 0;
  const progress = throttled(
    () => report?.info(`已校验 ${formatCount(digests.size)} 个条目，${formatBytes(bytes)}…`),
    2000,
  );
  await forEachEntry({
    file,
    onEntry: async ({ name, size, stream }) => {
      if (name === MANIFEST_ENTRY) manifest = await readManifest(stream, size);
      else if (digests.has(name)) throw checksumError([`条目 ${name} 出现了两次`]);
      else {
        const digest = await digestStream(stream);
        digests.set(name, digest);
        bytes += digest.size;
        progress(digests.size);
      }
    },
  });
  if (!manifest) throw new Error('没有找到 manifest.json：不是本应用的备份文件，或备份没有写完。');
  const problems = compareWithManifest({ manifest, digests });
  if (problems.length) throw checksumError(problems);
  return manifest;
};
