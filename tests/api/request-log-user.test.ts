import { GET as info } from '@/app/api/v1/manage/login/info/route';
import { GET as getSystemSet } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { startDispatch } from '../helpers/request-log';
import { signedIn } from '../helpers/users';

const INFO = '/api/v1/manage/login/info';
const SYSTEM_SET = '/api/v1/manage/system_set/get_system_set';

// The real route handlers behind the production server's listener: manageRoute fills the user id
// into the request's context, and the request's log line carries it.
describe('the request log line’s user id', () => {
  let server: Awaited<ReturnType<typeof startDispatch>>;
  beforeAll(async () => {
    server = await startDispatch({ routes: { [INFO]: info, [SYSTEM_SET]: getSystemSet } });
  });
  afterAll(() => server.stop());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.json();
    return { body, line: await server.requestLine(response.headers.get('x-request-id')) };
  };

  it('names the signed-in user, whether the token came as X-Token or as ?token=', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const byHeader = await get(INFO, { 'x-token': token });
    expect(byHeader.body.code).toBe(200);
    expect(byHeader.line).toMatchObject({ method: 'GET', path: INFO, status: 200, userId: user.id });
    const byQuery = await get(`${INFO}?token=${token}`);
    expect(byQuery.body.code).toBe(200);
    expect(byQuery.line).toMatchObject({ path: `${INFO}?token=[REDACTED]`, status: 200, userId: user.id });
    expect(JSON.stringify(server.lines)).not.toContain(token);
  });

  it('names the user of a call refused for a missing role, and nobody for a bad token', async () => {
    const { user, token } = await signedIn({ roles: ['news_content'] });
    const refused = await get(SYSTEM_SET, { 'x-token': token });
    expect(refused.body.code).toBe(403);
    expect(refused.line).toMatchObject({ status: 403, userId: user.id });
    const unknown = await get(INFO, { 'x-token': 'not-a-real-token' });
    expect(unknown.body.code).toBe(50008);
    expect(unknown.line.status).toBe(401);
    expect(unknown.line).not.toHaveProperty('userId');
  });
});
