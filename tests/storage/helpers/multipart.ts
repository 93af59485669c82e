import { randomBytes } from 'node:crypto';

export type FilePart = { filename: string; contentType?: string; chunks: () => AsyncIterable<Uint8Array> };
type MultipartOptions = { fields?: Record<string, string>; file?: FilePart; isFileFirst?: boolean };

/**
 * A multipart/form-data body as a real ReadableStream that yields its parts chunk by chunk, as a
 * browser upload arrives, so the handler's streaming path is what gets tested.
 */
export const multipartBody = ({ fields = {}, file, isFileFirst = false }: MultipartOptions) => {
  const boundary = `----cmsjest${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  async function* parts() {
    if (!isFileFirst) yield* fieldParts;
    if (file) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield* file.chunks();
      yield Buffer.from('\r\n');
    }
    if (isFileFirst) yield* fieldParts;
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};
