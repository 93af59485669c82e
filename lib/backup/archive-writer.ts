import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { PRIVATE_FILE_MODE } from '@/lib/db/private-files';
import { MANIFEST_ENTRY, type Manifest, type ManifestEntry } from './archive-format';

/** Passes bytes through while hashing and counting them. */
const hashing = () => {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
};

/** A gzip-compressed tar written entry by entry, recording each entry's size and sha256. */
export class ArchiveWriter {
  readonly entries: ManifestEntry[] = [];

  private constructor(
    private readonly pack: tar.Pack,
    private readonly done: Promise<void>,
  ) {}

  static async create({ file }: { file: string }) {
    const pack = tar.pack();
    // Level 1: uploads (images, video, office files) are compressed already; the SQL still shrinks ~5×.
    // 0600 whatever the umask: it holds the password and session hashes and the session secret.
    const done = pipeline(
      pack,
      createGzip({ level: 1 }),
      fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    );
    done.catch(() => {}); // awaited in finish()/abort()
    return new ArchiveWriter(pack, done);
  }

  async addStream({ name, size, stream }: { name: string; size: number; stream: Readable }) {
    const { transform, result } = hashing();
    let entry!: NodeJS.WritableStream;
    const finished = new Promise<void>((resolve, reject) => {
      entry = this.pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    await Promise.all([pipeline(stream, transform, entry), finished]);
    const written = result();
    if (written.size !== size) throw new Error(`${name} 在读取时大小变了（${size} → ${written.size}）`);
    this.entries.push({ path: name, ...written });
  }

  async addFile({ name, file }: { name: string; file: string }) {
    const { size } = await stat(file);
    await this.addStream({ name, size, stream: fs.createReadStream(file) });
  }

  async finish({ manifest }: { manifest: Manifest }) {
    this.pack.entry(
      { name: MANIFEST_ENTRY, mode: 0o644, mtime: new Date() },
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    this.pack.finalize();
    await this.done;
  }

  async abort() {
    this.pack.destroy();
    await this.done.catch(() => {});
  }
}
