/**
 * The client address. server/server.mjs appends the connecting peer to X-Forwarded-For, so the
 * rightmost entry is who connected and anything left of it is what the client (or a proxy) claims.
 * TRUST_PROXY_HOPS=n (n reverse proxies in front) takes the entry n places left of the peer; with
 * 0 a client cannot choose its address by sending the header (login throttling depends on that).
 */
export const clientIp = (request: Request) => {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const chain = forwarded
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const hops = Number(process.env.TRUST_PROXY_HOPS) || 0;
  const ip = chain[Math.max(0, chain.length - 1 - hops)];
  return (ip || request.headers.get('x-real-ip') || 'unknown').slice(0, 64);
};

/**
 * The session token of an API call: the X-Token header. `?token=` counts only where a route allows
 * it (login/info, as the spec's client calls it); anywhere else a token in the URL is ignored, so
 * a link or an <img> cannot carry a whole signed-in request, and tokens stay out of access logs.
 */
export const tokenFrom = (request: Request, { isQueryAllowed = false }: { isQueryAllowed?: boolean } = {}) =>
  request.headers.get('x-token') ||
  (isQueryAllowed ? new URL(request.url).searchParams.get('token') : null) ||
  null;
