import { envelope } from '@/lib/http/envelope';

// Any manage path without a route of its own: a 404 in the envelope, never Next's HTML page.
const notFound = async () => envelope({ code: 404, status: 404, message: '接口不存在', data: null });

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
