import fc from 'fast-check';
import { createSession } from '@/lib/auth/create-session';
import { getDb } from '@/lib/db/client';
import { dataFingerprint } from '../helpers/fingerprint';
import { jsonCase, queryCase, editedJson, editedQuery, type FuzzCase } from '../helpers/fuzz-requests';
import { healIdentities, makeIdentities, type Identity } from '../helpers/identities';
import { callRoute, type RouteAnswer, type RouteCall } from '../helpers/route-call';
import { fixturesIntact, PROBES, setUpFixtures, type Fixtures } from '../helpers/route-probes';
import { manageRouteTable, type ManageRouteEntry } from '../helpers/route-table';
import { createUser } from '../helpers/users';

// The fuzzing harness: every manage route of the app/api tree, called with its valid probe input
// broken in generated ways (wrong types, out-of-range numbers, NUL and lone surrogates, huge and
// deep values, prototype keys, bodies that are not JSON), by every kind of caller — mostly ones
// the route lets in, so the input is really read. Every answer must be a clean refusal or a
// success: never a 5xx, always the {code, message, data} envelope with a Chinese message and no
// stack, and a refusal changes no data. Bounded and seeded: FUZZ_SEED / FUZZ_RUNS (per route)
// reproduce or widen a run; a failure prints the seed, the path and the shrunk case.

const SEED = Number(process.env.FUZZ_SEED) || 20_261_124;
const RUNS = Number(process.env.FUZZ_RUNS) || 30;

const routes = manageRouteTable();
const CHINESE = /[\u4e00-\u9fff]/;
const LEAK = /\bat [\w.<>]+ \(|node_modules|\.tsx?:\d|\bstack\b|prisma|SELECT |ERROR:/i;
// zod's English defaults ("Invalid input: expected object, received array", "Too small: …").
const ENGLISH = /invalid|expected|received|too (small|big)|required/i;

const describeCall = (route: ManageRouteEntry, who: string, sent: RouteCall) => {
  const body =
    typeof sent.rawBody === 'string' ? sent.rawBody : sent.rawBody ? `<${sent.rawBody.length} bytes>` : '';
  const query = JSON.stringify(sent.query ?? {});
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length})` : text);
  return `${route.id} as ${who}: query ${cut(query)} body ${cut(body)}`;
};

/** The routes whose success is a file (an .xlsx), not the JSON envelope. */
const DOWNLOADS = new Set([
  'GET news_manage/export_news',
  'GET news_manage/get_import_template',
  'GET news_manage/export_import_errors',
  'GET system_set/export_log',
  'GET system_set/export_sensitive_words',
]);

/** The answer every call must give, whatever it sent. Throws with the call described. */
const assertClean = (route: ManageRouteEntry, answer: RouteAnswer, what: string) => {
  const fail = (why: string) => {
    throw new Error(`${why}\n  call: ${what}\n  answer: ${answer.status} ${answer.text?.slice(0, 300)}`);
  };
  if (answer.status >= 500) fail('a 5xx');
  if (answer.isCut) fail('a download cut off after its headers');
  if (answer.json === null) {
    // Only the exports answer a file, and only on success.
    if (answer.status !== 200 || !DOWNLOADS.has(route.id)) fail('not the JSON envelope');
    return;
  }
  const { code, message } = answer.json;
  if (Object.keys(answer.json).sort().join() !== 'code,data,message')
    fail('not exactly {code, message, data}');
  if (typeof code !== 'number' || typeof message !== 'string' || !message) fail('code or message missing');
  if (LEAK.test(answer.text ?? '')) fail('internals in the answer');
  if (answer.status !== 200) {
    if (code === 200) fail('a refusal with code 200');
    if (!CHINESE.test(message as string) || ENGLISH.test(message as string)) fail('a refusal not in Chinese');
  }
};

const isAllowed = (route: ManageRouteEntry, who: Identity) => {
  const { isPublic, roles } = route.handler.access;
  if (isPublic) return true;
  if (!who.roles) return false;
  return who.roles.includes('admin') || roles.length === 0 || roles.some((role) => who.roles?.includes(role));
};

describe('fuzzing every manage route with bad input', () => {
  let identities: Identity[];
  let fixtureAdmin: number;
  const tally = new Map<string, Record<string, number>>();

  beforeAll(async () => {
    fixtureAdmin = (await createUser({ roles: ['admin'] })).id;
    identities = await makeIdentities({ limitedTo: 0 });
  });

  // Each route starts from whole fixtures and callers: an earlier route's run may have deleted or
  // moved items, categories or users, or changed roles (its successful calls are real changes).
  let fx: Fixtures | null = null;
  const freshStart = async () => {
    if (fx && (await fixturesIntact(fx))) return fx;
    const db = await getDb();
    await db.adminUser
      .update({ where: { id: fixtureAdmin }, data: { isDisabled: false, roles: ['admin'] } })
      .catch(async () => {
        fixtureAdmin = (await createUser({ roles: ['admin'] })).id;
      });
    const { token } = await createSession({ userId: fixtureAdmin, ip: '10.8.0.1', userAgent: 'jest' });
    fx = await setUpFixtures(token);
    return fx;
  };

  it.each(routes.map((route) => [route.id, route] as const))('%s', async (_id, route) => {
    const fx = await freshStart();
    await healIdentities(identities, { limitedTo: fx.classA });
    const probe = PROBES[route.id];
    const base = (probe.fuzzBase ?? probe.input)(fx);
    const allowed = identities.filter((who) => isAllowed(route, who)).map((who) => who.name);
    const others = identities.filter((who) => !isAllowed(route, who)).map((who) => who.name);
    // One call in seven from someone the route refuses (when there is anyone it refuses).
    const whoArb = fc
      .tuple(fc.noBias(fc.nat({ max: 6 })), fc.noBias(fc.nat()))
      .map(
        ([dice, pick]) =>
          (dice === 6 && others.length ? others : allowed)[
            pick % (dice === 6 && others.length ? others : allowed).length
          ],
      );
    const counts: Record<string, number> = {};
    tally.set(route.id, counts);
    let fingerprint = await dataFingerprint();

    const run = async (whoName: string, fuzz: FuzzCase) => {
      const who = identities.find((identity) => identity.name === whoName) as Identity;
      // Logging out ends the session it is called with: each call gets a session of its own.
      const token = route.id === 'POST login/logout' ? await who.freshToken() : who.token;
      const sent: RouteCall = { token };
      if (route.method === 'GET') sent.query = editedQuery(base, fuzz.kind === 'edits' ? fuzz.edits : []);
      else if (fuzz.kind === 'edits') sent.rawBody = editedJson(base, fuzz.edits);
      else if (fuzz.kind === 'whole') sent.rawBody = fuzz.value.text;
      else if (fuzz.kind === 'broken') sent.rawBody = fuzz.body;
      else Object.assign(sent, { rawBody: JSON.stringify(base), contentType: 'text/plain' });
      const what = describeCall(route, who.name, sent);
      const answer = await callRoute(route, sent);
      assertClean(route, answer, what);
      const key = `${allowed.includes(who.name) ? '' : 'refused '}${answer.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
      // Compared with the state just before this call (kept up to date even when the check fails,
      // so a shrinking run blames the call that changed data, not the ones after it).
      const before = fingerprint;
      fingerprint = await dataFingerprint();
      if (answer.status !== 200 && JSON.stringify(fingerprint) !== JSON.stringify(before)) {
        throw new Error(`a refusal changed data\n  call: ${what}\n  answer: ${answer.status} ${answer.text}`);
      }
    };

    await fc.assert(fc.asyncProperty(whoArb, route.method === 'GET' ? queryCase : jsonCase, run), {
      // Each route its own sequence, the same on every run.
      seed: SEED + routes.indexOf(route),
      numRuns: RUNS,
    });
    // The input was really read: some callers the route lets in got past the session and role checks.
    const reached = Object.entries(counts).filter(
      ([key]) => !key.startsWith('refused') && !/^40[13]$/.test(key),
    );
    expect(reached.length).toBeGreaterThan(0);
  });
});
