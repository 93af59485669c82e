import 'server-only';

export type S3Config = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  isPathStyle: boolean;
};

const required = ({ env, name }: { env: NodeJS.ProcessEnv; name: string }) => {
  const value = env[name]?.trim();
  // Names only: the values (credentials among them) never reach a message or a log.
  if (!value) throw new Error(`STORAGE_DRIVER=s3 需要设置环境变量 ${name}`);
  return value;
};

/** The S3_* settings, read when needed so a deployment (or a test) can switch them at run time. */
export const readS3Config = (env: NodeJS.ProcessEnv = process.env): S3Config => {
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const bucket = required({ env, name: 'S3_BUCKET' });
  const isPathStyle = ['1', 'true', 'yes'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase());
  const defaultUrl = endpoint
    ? isPathStyle
      ? `${endpoint}/${bucket}`
      : endpoint.replace('://', `://${bucket}.`)
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  return {
    endpoint,
    region,
    bucket,
    accessKeyId: required({ env, name: 'S3_ACCESS_KEY_ID' }),
    secretAccessKey: required({ env, name: 'S3_SECRET_ACCESS_KEY' }),
    publicUrl: (env.S3_PUBLIC_URL?.trim() || defaultUrl).replace(/\/+$/, ''),
    isPathStyle,
  };
};
