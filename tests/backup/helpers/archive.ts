import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { MANIFEST_ENTRY, type Manifest } from '@/lib/backup/archive-format';
import { forEachEntry } from '@/lib/backup/read-archive';

export type ArchiveEntries = Map<string, Buffer>;

/** Every entry of an archive in memory (the test archives are small). */
export const readArchive = async (file: string) => {
  const entries: ArchiveEntries = new Map();
  await forEachEntry({
    file,
    onEntry: async ({ name, stream }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries.set(name, Buffer.concat(chunks));
    },
  });
  const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)!.toString('utf8')) as Manifest;
  return { entries, manifest };
};

/**
 * Writes a copy of an archive with some entries changed. `fixManifest`: the manifest's checksums
 * follow the change (a well-formed archive whose data is bad); otherwise the manifest is kept (a
 * corrupted archive).
 */
export const writeEditedArchive = async ({
  from,
  to,
  edit,
  fixManifest,
}: {
  from: string;
  to: string;
  edit: Record<string, (bytes: Buffer) => Buffer>;
  fixManifest: boolean;
}) => {
  const { entries, manifest } = await readArchive(from);
  for (const [name, change] of Object.entries(edit)) {
    const bytes = change(entries.get(name)!);
    entries.set(name, bytes);
    if (fixManifest) {
      const entry = manifest.entries.find((e) => e.path === name)!;
      entry.size = bytes.length;
      entry.sha256 = createHash('sha256').update(bytes).digest('hex');
    }
  }
  entries.set(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(to));
  for (const [name, bytes] of entries) pack.entry({ name, size: bytes.length }, bytes);
  pack.finalize();
  await written;
};
