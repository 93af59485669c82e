import { CLASS_FORBIDDEN } from '@/lib/auth/class-rights';
import type { Role } from '@/lib/auth/roles';
import type { RouteAccess } from '@/lib/http/manage-route';
import { dataFingerprint } from '../helpers/fingerprint';
import { makeIdentities, type Identity } from '../helpers/identities';
import { callRoute } from '../helpers/route-call';
import { PROBES, setUpFixtures, type Fixtures } from '../helpers/route-probes';
import { manageRouteTable, type ManageRouteEntry } from '../helpers/route-table';
import { createUser, loginAs, signedIn } from '../helpers/users';
import { getDb } from '@/lib/db/client';
import {
  ADMIN_GRANT_REFUSED,
  ADMIN_TARGET_REFUSED,
  ALL_CLASSES_REFUSED,
  OUTSIDE_CLASSES_REFUSED,
  WIDER_TARGET_REFUSED,
} from '@/lib/users/role-boundaries';
import type { ApiResult } from '../helpers/api';
import { createUserCall, delUser, resetPassword, resetTwoFactorOf, saveUser } from '../helpers/manage-user';

// Every manage route (found in the app/api tree, not listed by hand) × everyone who can call it:
// nobody, made-up / expired / idle / logged-out / ended sessions, each role alone, and a user
// limited to one category. What each must get follows from the roles the route declares; the
// declarations themselves are pinned by REVIEWED_ACCESS, so a new route, or a route that loses
// its role, fails here until someone has looked at it.

type Reviewed = 'public' | 'signed-in' | readonly Role[];

const REVIEWED_ACCESS: Record<string, Reviewed> = {
  'DELETE class_manage/del_class': ['class_manage'],
  'GET class_manage/get_class_list': ['class_manage'],
  'GET class_manage/get_class_one': ['class_manage'],
  'GET class_manage/get_class_router': ['news_content'],
  'GET news_manage/get_home_overview': ['news_content'],
  'POST class_manage/save_class': ['class_manage'],
  'POST class_manage/sort_class': ['class_manage'],
  'POST login/change_password': 'signed-in',
  'POST login/confirm_two_factor': 'signed-in',
  'POST login/disable_two_factor': 'signed-in',
  'GET login/get_two_factor': 'signed-in',
  'POST login/login_two_factor': 'public',
  'POST login/renew_recovery_codes': 'signed-in',
  'POST login/start_two_factor': 'signed-in',
  'POST manage_user/reset_two_factor': ['manage_user'],
  'POST login/end_my_session': 'signed-in',
  'GET login/get_my_sessions': 'signed-in',
  'GET login/info': 'signed-in',
  'POST login/login': 'public',
  'POST login/logout': 'public',
  'DELETE manage_user/del_user': ['manage_user'],
  'GET manage_user/get_class_tree': ['manage_user'],
  'GET manage_user/get_user_list': ['manage_user'],
  'POST manage_user/reset_password': ['manage_user'],
  'POST manage_user/save_user': ['manage_user'],
  'DELETE news_manage/del_news': ['news_content'],
  'POST news_manage/del_oss_file': ['news_content', 'manage_user', 'system_set'],
  'DELETE news_manage/del_process': ['news_content'],
  'GET news_manage/export_news': ['news_content'],
  'POST news_manage/import_news': ['news_content'],
  'GET news_manage/get_import_template': ['news_content'],
  'GET news_manage/get_import_status': ['news_content'],
  'GET news_manage/export_import_errors': ['news_content'],
  'GET news_manage/get_calss_info': ['news_content'],
  'GET news_manage/get_hr_status_list': ['news_content'],
  'GET news_manage/get_news_list': ['news_content'],
  'GET news_manage/get_news_one': ['news_content'],
  'GET news_manage/get_out_options': ['news_content'],
  'GET news_manage/get_process_flow': ['news_content'],
  'GET news_manage/get_process_list': ['news_content'],
  'GET news_manage/get_process_steps': ['news_content'],
  'GET news_manage/get_recycle_list': ['news_content'],
  'DELETE news_manage/purge_news': ['news_purge'],
  'POST news_manage/restore_news': ['news_content'],
  'POST news_manage/lock_news': ['news_content'],
  'GET news_manage/get_news_revisions': ['news_content'],
  'GET news_manage/get_news_revision': ['news_content'],
  'GET news_manage/diff_news_revisions': ['news_content'],
  'POST news_manage/revert_news': ['news_content'],
  'GET news_manage/get_class_info_revisions': ['news_content'],
  'GET news_manage/diff_class_info_revisions': ['news_content'],
  'POST news_manage/revert_class_info': ['news_content'],
  'POST news_manage/move_news': ['news_content'],
  'POST news_manage/save_class_info': ['news_content'],
  'POST news_manage/save_news_info': ['news_content'],
  'POST news_manage/save_process': ['news_content'],
  'POST news_manage/upload_one_file': ['news_content', 'manage_user', 'system_set'],
  'GET system_set/export_log': ['admin'],
  'GET system_set/get_log_list': ['admin'],
  'GET system_set/get_system_set': ['system_set'],
  'POST system_set/save_system_set': ['system_set'],
  'GET system_set/get_sensitive_words': ['system_set'],
  'POST system_set/save_sensitive_word': ['system_set'],
  'DELETE system_set/del_sensitive_word': ['system_set'],
  'POST system_set/import_sensitive_words': ['system_set'],
  'GET system_set/export_sensitive_words': ['system_set'],
  'POST news_manage/check_sensitive': ['news_content'],
  'POST news_manage/scan_sensitive': ['news_content'],
};

const declared = (access: RouteAccess): Reviewed =>
  access.isPublic ? 'public' : access.roles.length === 0 ? 'signed-in' : access.roles;

/** What `who` must get from the route's probe, from the access it declares (restated, not imported). */
const expectedAnswer = (route: ManageRouteEntry, who: Identity) => {
  const { isPublic, roles } = route.handler.access;
  const probeStatus = PROBES[route.id].status;
  if (isPublic) return `${probeStatus}`;
  if (!who.roles) return `401 code ${who.sessionCode}`;
  const isAllowed =
    who.roles.includes('admin') || roles.length === 0 || roles.some((role) => who.roles?.includes(role));
  return isAllowed ? `${probeStatus}` : '403 code 403';
};

const actualAnswer = (answer: { status: number; json: { code?: unknown } | null }) =>
  answer.status === 401 || answer.status === 403
    ? `${answer.status} code ${answer.json?.code}`
    : `${answer.status}`;

const routes = manageRouteTable();

describe('the authorization matrix of the manage API', () => {
  let fx: Fixtures;
  let identities: Identity[];

  beforeAll(async () => {
    const { token } = await signedIn({ roles: ['admin'] });
    fx = await setUpFixtures(token);
    identities = await makeIdentities({ limitedTo: fx.classA });
  });

  it('finds every route in the app/api tree, each reviewed, probed and declaring the reviewed access', () => {
    expect(routes.length).toBeGreaterThanOrEqual(37);
    expect(routes.map((route) => route.id).sort()).toEqual(Object.keys(REVIEWED_ACCESS).sort());
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(REVIEWED_ACCESS).sort());
    for (const route of routes)
      expect([route.id, declared(route.handler.access)]).toEqual([route.id, REVIEWED_ACCESS[route.id]]);
  });

  it.each(routes.map((route) => [route.id, route] as const))(
    '%s answers everyone as its roles say, and changes nothing',
    async (_id, route) => {
      const before = await dataFingerprint();
      const expected: string[] = [];
      const actual: string[] = [];
      for (const who of identities) {
        // Logging out ends the session it is called with: that call gets a session of its own.
        const token = route.id === 'POST login/logout' ? await who.freshToken() : who.token;
        const answer = await callRoute(route, { token, input: PROBES[route.id].input(fx) });
        expected.push(`${who.name}: ${expectedAnswer(route, who)}`);
        actual.push(`${who.name}: ${actualAnswer(answer)}`);
      }
      expect(actual).toEqual(expected);
      if (!PROBES[route.id].writes) expect(await dataFingerprint()).toEqual(before);
    },
  );

  const scoped = routes.filter((route) => PROBES[route.id].otherCategory);

  it('probes the category rights of every route that takes a category, item or record', () => {
    // get_home_overview names no category: it answers only within the caller's rights, which
    // tests/api/home-overview.test.ts proves for a limited editor.
    const contentRoutes = routes.filter(
      // Not here either: uploads; import_news, whose category comes in its multipart body after the
      // file (its rights are tested with real files in import-news.test.ts); an import job's calls,
      // which answer only the user who started the job.
      (route) =>
        route.name.startsWith('news_manage/') &&
        !/upload_one_file|get_home_overview|import_news|get_import_status|export_import_errors/.test(
          route.name,
        ),
    );
    expect(scoped.map((route) => route.id)).toEqual(contentRoutes.map((route) => route.id));
  });

  it.each(scoped.map((route) => [route.id, route] as const))(
    '%s refuses the limited user on category B with 403 and changes nothing',
    async (_id, route) => {
      const limited = identities.find((who) => who.isLimited) as Identity;
      const input = PROBES[route.id].otherCategory?.(fx) ?? {};
      const before = await dataFingerprint();
      const answer = await callRoute(route, { token: limited.token, input });
      expect([answer.status, answer.json]).toEqual([
        403,
        { code: 403, message: PROBES[route.id].otherCategoryMessage ?? CLASS_FORBIDDEN, data: null },
      ]);
      expect(await dataFingerprint()).toEqual(before);
      // The same read by an unlimited user goes through: the refusal is about rights, not the input.
      if (route.method === 'GET') {
        const unlimited = identities.find((who) => who.name === 'role news_content') as Identity;
        expect((await callRoute(route, { token: unlimited.token, input })).status).toBe(200);
      }
    },
  );
});

// Role boundaries inside 管理员用户: the route lets every manage_user user in; what they may do to
// whom is the service's rule (lib/users/role-boundaries.ts). Each case is called by a user whose
// only role is manage_user (refused, nothing changed) and then by an admin (goes through).
describe('the role boundaries of 管理员用户', () => {
  const db = async () => getDb();
  const makeAdminTarget = async () => {
    const target = await createUser({ roles: ['admin'] });
    // A second factor, so 重置两步验证 has something to reset.
    await (
      await db()
    ).adminUser.update({
      where: { id: target.id },
      data: { totpSecret: 'sealed-secret', totpEnabledAt: new Date() },
    });
    return target;
  };
  type Case = [string, (token: string, target: { id: number; username: string }) => Promise<ApiResult>];
  const adminTargetCases: Case[] = [
    [
      'edit an admin',
      (token, t) => saveUser(token, { id: t.id, username: t.username, name: '改名', roles: ['admin'] }),
    ],
    [
      'disable an admin',
      (token, t) =>
        saveUser(token, {
          id: t.id,
          username: t.username,
          name: '测试用户',
          roles: ['admin'],
          is_disabled: true,
        }),
    ],
    [
      'remove admin from an admin',
      (token, t) =>
        saveUser(token, { id: t.id, username: t.username, name: '测试用户', roles: ['manage_user'] }),
    ],
    ['delete an admin', (token, t) => delUser(token, t.id)],
    [
      'reset the password of an admin',
      (token, t) => resetPassword(token, { id: t.id, password: 'Other12345' }),
    ],
    ['reset the two-factor of an admin', (token, t) => resetTwoFactorOf(token, t.id)],
  ];

  it.each(adminTargetCases)(
    'a manage_user user may not %s (403, nothing changed); an admin may',
    async (_name, act) => {
      const target = await makeAdminTarget();
      const manager = await signedIn({ roles: ['manage_user'] });
      const before = await dataFingerprint();
      const refused = await act(manager.token, target);
      expect([refused.status, refused.body]).toEqual([
        403,
        { code: 403, message: ADMIN_TARGET_REFUSED, data: null },
      ]);
      expect(await dataFingerprint()).toEqual(before);
      const admin = await signedIn({ roles: ['admin'] });
      expect((await act(admin.token, target)).body.code).toBe(200);
    },
  );

  it.each([
    ['a new user', (token: string) => createUserCall(token, { roles: ['admin'] })],
    [
      'a new user with admin among others',
      (token: string) => createUserCall(token, { roles: ['manage_user', 'admin'] }),
    ],
  ])('a manage_user user may not make %s an admin', async (_name, act) => {
    const manager = await signedIn({ roles: ['manage_user'] });
    const before = await dataFingerprint();
    const refused = await act(manager.token);
    expect([refused.status, refused.body.message]).toEqual([403, ADMIN_GRANT_REFUSED]);
    expect(await dataFingerprint()).toEqual(before);
  });

  it('a manage_user user may not make itself an admin, nor read the admin-only 操作日志 after trying', async () => {
    const manager = await signedIn({ roles: ['manage_user'] });
    const before = await dataFingerprint();
    const self = await saveUser(manager.token, {
      id: manager.user.id,
      username: manager.user.username,
      name: manager.user.name,
      roles: ['manage_user', 'admin'],
    });
    expect([self.status, self.body.message]).toEqual([403, ADMIN_GRANT_REFUSED]);
    expect(await dataFingerprint()).toEqual(before);
    const log = routes.find((route) => route.id === 'GET system_set/get_log_list') as ManageRouteEntry;
    expect((await callRoute(log, { token: manager.token })).status).toBe(403);
  });

  it('a manage_user user grants only roles it holds, and manages only users whose roles it holds', async () => {
    const manager = await signedIn({ roles: ['manage_user', 'news_content'] });
    const refused = await createUserCall(manager.token, { roles: ['news_content', 'system_set'] });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      '只能授予自己拥有的角色，不能授予「系统设置」',
    ]);
    const created = await createUserCall(manager.token, { roles: ['news_content'] });
    expect(created.body.code).toBe(200);
    // Someone with a role the manager lacks: a reset password would let the manager sign in as them
    // and use that role, so none of it (edit, reset, two-factor, delete) is the manager's to do.
    const other = await createUser({ roles: ['system_set', 'news_content'] });
    await (
      await db()
    ).adminUser.update({
      where: { id: other.id },
      data: { totpSecret: 'sealed-secret', totpEnabledAt: new Date() },
    });
    const before = await dataFingerprint();
    for (const answer of [
      await saveUser(manager.token, {
        id: other.id,
        username: other.username,
        name: '新名字',
        roles: ['system_set'],
      }),
      await resetPassword(manager.token, { id: other.id, password: 'Other12345' }),
      await resetTwoFactorOf(manager.token, other.id),
      await delUser(manager.token, other.id),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([403, WIDER_TARGET_REFUSED]);
    }
    expect(await dataFingerprint()).toEqual(before);
    // Within its own roles it manages as before.
    const editor = await createUser({ roles: ['news_content'] });
    expect((await resetPassword(manager.token, { id: editor.id, password: 'Other12345' })).body.code).toBe(
      200,
    );
  });

  it('a user-manager limited to categories grants only categories inside its own, never all', async () => {
    const admin = await signedIn({ roles: ['admin'] });
    const fixtures = await setUpFixtures(admin.token);
    const manager = await signedIn({ roles: ['manage_user', 'news_content'] });
    await (
      await db()
    ).adminUser.update({ where: { id: manager.user.id }, data: { classIds: [fixtures.classA] } });
    const token = await loginAs(manager.user);
    const before = await dataFingerprint();
    const all = await createUserCall(token, { roles: ['news_content'], class_ids: [] });
    expect([all.status, all.body.message]).toEqual([403, ALL_CLASSES_REFUSED]);
    const other = await createUserCall(token, { roles: ['news_content'], class_ids: [fixtures.classB] });
    expect([other.status, other.body.message]).toEqual([403, OUTSIDE_CLASSES_REFUSED]);
    const widenSelf = await saveUser(token, {
      id: manager.user.id,
      username: manager.user.username,
      name: manager.user.name,
      roles: ['manage_user', 'news_content'],
      class_ids: [],
    });
    expect(widenSelf.status).toBe(403);
    expect(await dataFingerprint()).toEqual(before);
    // A user without content work has no categories (= all): making them an editor grants all.
    const manager2 = await createUser({ roles: ['manage_user'] });
    const wide = await createUser({ roles: ['news_content'] });
    const beforeMore = await dataFingerprint();
    const makeEditor = await saveUser(token, {
      id: manager2.id,
      username: manager2.username,
      name: manager2.name,
      roles: ['manage_user', 'news_content'],
    });
    expect([makeEditor.status, makeEditor.body.message]).toEqual([403, ALL_CLASSES_REFUSED]);
    // An editor of all categories, or of another one, is not this manager's to manage.
    const reset = await resetPassword(token, { id: wide.id, password: 'Other12345' });
    expect([reset.status, reset.body.message]).toEqual([403, WIDER_TARGET_REFUSED]);
    expect(await dataFingerprint()).toEqual(beforeMore);
    const inside = await createUserCall(token, { roles: ['news_content'], class_ids: [fixtures.classA] });
    expect(inside.body.code).toBe(200);
    // A user without content work is managed whatever its (unused) categories.
    const plain = await createUserCall(token, { roles: ['manage_user'] });
    expect(plain.body.code).toBe(200);
  });
});
