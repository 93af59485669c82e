import { clientIp } from '@/lib/http/request-info';

const withForwarded = (value: string) =>
  new Request('http://localhost/api', { headers: { 'x-forwarded-for': value } });

describe('clientIp', () => {
  const saved = process.env.TRUST_PROXY_HOPS;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY_HOPS;
    else process.env.TRUST_PROXY_HOPS = saved;
  });

  it('takes the connecting peer (rightmost, appended by the server) when no proxy is trusted', () => {
    delete process.env.TRUST_PROXY_HOPS;
    // A client that sends its own X-Forwarded-For cannot pick the address it is throttled under.
    expect(clientIp(withForwarded('6.6.6.6, 10.0.0.9'))).toBe('10.0.0.9');
    expect(clientIp(withForwarded('10.0.0.9'))).toBe('10.0.0.9');
  });

  it('takes the address the trusted proxies saw', () => {
    process.env.TRUST_PROXY_HOPS = '1';
    expect(clientIp(withForwarded('6.6.6.6, 203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
    process.env.TRUST_PROXY_HOPS = '5';
    expect(clientIp(withForwarded('203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
  });

  it('falls back to X-Real-IP, then unknown', () => {
    delete process.env.TRUST_PROXY_HOPS;
    expect(clientIp(new Request('http://localhost/api', { headers: { 'x-real-ip': '192.0.2.1' } }))).toBe(
      '192.0.2.1',
    );
    expect(clientIp(new Request('http://localhost/api'))).toBe('unknown');
  });
});
