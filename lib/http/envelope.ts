export type Envelope<T> = { code: number; message: string; data: T };

export const envelope = <T>({
  data,
  message = '操作成功',
  code = 200,
  status = 200,
  headers,
}: {
  data: T;
  message?: string;
  code?: number;
  status?: number;
  headers?: HeadersInit;
}) => {
  const responseHeaders = new Headers(headers);
  responseHeaders.set('Cache-Control', 'no-store');
  return Response.json({ code, message, data } satisfies Envelope<T>, { status, headers: responseHeaders });
};
