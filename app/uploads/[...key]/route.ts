import { serveLocalFile } from '@/lib/storage/serve-local-file';

type Context = { params: Promise<{ key: string[] }> };

// GET /uploads/<yyyy>/<mm>/<name> — files of the local storage driver, with headers that keep them inert.
export const GET = async (request: Request, { params }: Context) =>
  serveLocalFile({ request, segments: (await params).key });
export const HEAD = GET;
