import { checkHealth } from '@/lib/health/check-health';

// GET /api/health — for probes (Docker HEALTHCHECK, load balancers), no sign-in: 200 when the
// database answers and the file store takes a write, 503 naming the failing check otherwise.
export const GET = async () => {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
};
