// s3rver ships no types; only what the tests and the benchmark use.
declare module 's3rver' {
  type S3rverOptions = { address?: string; port?: number; silent?: boolean; directory: string };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
