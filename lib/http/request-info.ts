/**
 * The client address as Next passes it (X-Forwarded-For, which Next fills from the socket when absent).
 * With TRUST_PROXY_HOPS=n behind n reverse proxies, the n-th address from the right is used.
 */
export const clientIp = (request: Request) => {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const chain = forwarded.split(',').map((part) => part.trim()).filter(Boolean);
  const hops = Number(process.env.TRUST_PROXY_HOPS) || 0;
  const ip = hops > 0 ? chain[Math.max(0, chain.length - hops)] : chain[0];
  return (ip || request.headers.get('x-real-ip') || 'unknown').slice(0, 64);
};

export const tokenFrom = (request: Request) =>
  request.headers.get('x-token') || new URL(request.url).searchParams.get('token') || null;
