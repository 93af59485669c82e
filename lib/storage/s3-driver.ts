import 'server-only';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { CACHE_IMMUTABLE } from './content-type';
import { readS3Config, type S3Config } from './s3-config';
import type { StorageDriver } from './types';

// 5 MiB is S3's smallest part; one part in flight keeps a 20 MB upload's memory near 10 MB.
const PART_BYTES = 5 * 1024 * 1024;

let cached: { signature: string; client: S3Client } | undefined;

/** One client per configuration (reused across requests, rebuilt when the env changes). */
export const s3ClientFor = ({ config }: { config: S3Config }) => {
  const signature = JSON.stringify([
    config.endpoint,
    config.region,
    config.accessKeyId,
    config.secretAccessKey,
    config.isPathStyle,
  ]);
  if (cached?.signature !== signature) {
    cached?.client.destroy();
    const client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.isPathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // With the SDK's default checksums a streamed body is stored with its chunk framing on
      // S3-compatible servers (MinIO, s3rver, some OSS): corrupted, yet answered 200.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    cached = { signature, client };
  }
  return cached.client;
};

export const createS3Driver = (): StorageDriver => {
  const config = readS3Config();
  const client = s3ClientFor({ config });
  const remove = async ({ key }: { key: string }) => {
    await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
  };
  return {
    name: 's3',
    put: async ({ key, body, contentType, contentDisposition }) => {
      const upload = new Upload({
        client,
        params: {
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentDisposition: contentDisposition,
          CacheControl: CACHE_IMMUTABLE,
        },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // lib-storage aborts a multipart upload itself; a single PUT may still have landed.
        await remove({ key }).catch(() => {});
        throw error;
      }
    },
    remove,
    urlFor: ({ key }) => `${config.publicUrl}/${key}`,
  };
};
