import { GET as getSystemSet } from '@/app/api/v1/manage/system_set/get_system_set/route';
import { GET as unknownRoute } from '@/app/api/v1/manage/[...rest]/route';
import { call } from '../helpers/api';
import { signedIn } from '../helpers/users';

describe('role checks on manage calls', () => {
  it('refuses a signed-in user without the route role with 403', async () => {
    const { token } = await signedIn({ roles: ['news_content'] });
    const result = await call(getSystemSet, { token });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ code: 403, message: '没有权限执行此操作', data: null });
  });

  it('lets the route role and admin through', async () => {
    for (const roles of [['system_set'], ['admin'], ['news_content', 'system_set']]) {
      const { token } = await signedIn({ roles });
      const result = await call<{ title: string }>(getSystemSet, { token });
      expect(result.body.code).toBe(200);
      expect(result.body.data.title).toBe('内容管理后台');
    }
  });

  it('asks for a session before anything else', async () => {
    expect((await call(getSystemSet)).body.code).toBe(50008);
  });

  it('answers unknown manage paths with a 404 envelope', async () => {
    const result = await call(unknownRoute, { path: '/api/v1/manage/nothing/here' });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: 404, message: '接口不存在' });
  });
});
