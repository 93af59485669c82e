import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type TestS3 = {
  env: Record<string, string>;
  /** Every key in the bucket. */
  listKeys: () => Promise<string[]>;
  /** An object's bytes and headers, or null when it does not exist. */
  getObject: (
    key: string,
  ) => Promise<{ bytes: Buffer; contentType?: string; contentDisposition?: string } | null>;
  /** Makes an object look last written at `at` (s3rver answers its file's mtime as LastModified). */
  setModified: (key: string, at: Date) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on a loopback port (a free one unless given), with a fresh
 * bucket in a temp dir.
 */
export const startTestS3 = async ({ port: wanted = 0 }: { port?: number } = {}): Promise<TestS3> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'cms-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: wanted, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = 'cms-uploads';
  const env = {
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `${endpoint}/${bucket}`,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    listKeys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((item) => item.Key as string);
    },
    getObject: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = Buffer.from(
          await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
        );
        return { bytes, contentType: object.ContentType, contentDisposition: object.ContentDisposition };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    setModified: (key, at) =>
      utimes(`${path.join(directory, bucket, ...key.split('/'))}._S3rver_object`, at, at),
    stop: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
