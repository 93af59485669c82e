// 敏感词 matching benchmark: builds a matcher for N words and checks a 2,000- and a 40,000-character
// article with it, for our own matcher (lib/sensitive/) and for the Aho–Corasick packages of the npm
// registry, and prints build time and check medians. No database, no server. Prints figures; asserts
// nothing.
//
//   node bench/sensitive-bench.mjs [--words 20000] [--runs 50] [--modules DIR]
//     --modules DIR   where to load the packages compared from (a node_modules folder), e.g. after
//                     `npm install --prefix /tmp/ac modern-ahocorasick mint-filter ahocorasick @monyone/aho-corasick`
//                     use --modules /tmp/ac/node_modules. A package not found there is listed as such.
//
// The words: 2–6 characters drawn from 3,000 CJK characters (the first 2,500 of the common block and
// 500 others) plus some Latin ones; the articles: the same characters with punctuation, every ~150th
// character starting a listed word (some written with fillers or in traditional form). Seeded: every
// run builds the same words and articles.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createJiti } from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
};
const WORDS = Number(arg('words', 20_000));
const RUNS = Number(arg('runs', 50));
const MODULES = arg('modules', path.join(root, 'node_modules'));

// A small seeded generator (mulberry32), so runs compare.
let seed = 20_261_128;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const alphabet = [
  ...Array.from({ length: 2500 }, (_, i) => String.fromCharCode(0x4e00 + i * 3)),
  ...Array.from({ length: 500 }, (_, i) => String.fromCharCode(0x7000 + i * 7)),
];
const latin = 'abcdefghijklmnopqrstuvwxyz';
const makeWord = () => {
  if (random() < 0.05)
    return Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick(latin)).join('');
  return Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(alphabet)).join('');
};
const words = [...new Set(Array.from({ length: WORDS * 1.05 }, makeWord))].slice(0, WORDS);
const punctuation = ['，', '。', '、', ' ', '“', '”', '；'];
const makeArticle = (length) => {
  let text = '';
  while (text.length < length) {
    const roll = random();
    if (roll < 0.007) text += pick(words);
    else if (roll < 0.008) text += [...pick(words)].join(' ');
    else if (roll < 0.08) text += pick(punctuation);
    else text += pick(alphabet);
  }
  return text.slice(0, length);
};
const shortArticle = makeArticle(2_000);
const longArticle = makeArticle(40_000);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const time = (run) => {
  const started = process.hrtime.bigint();
  const result = run();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
};
const measure = (run) => {
  for (let i = 0; i < 5; i += 1) run(); // warm-up
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i += 1) {
    const measured = time(run);
    times.push(measured.ms);
    result = measured.result;
  }
  return { median: median(times), result };
};
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

const jiti = createJiti(import.meta.url, {
  alias: { '@': root, 'server-only': path.join(root, 'tests/helpers/server-only-stub.js') },
});
const { screenTargets, textTarget } = await jiti.import(path.join(root, 'lib/sensitive/check-text.ts'));
const { buildMatcher } = await jiti.import(path.join(root, 'lib/sensitive/matcher.ts'));
const { normaliseWord, normalisationTable } = await jiti.import(
  path.join(root, 'lib/sensitive/normalise.ts'),
);

const requireFrom = createRequire(path.join(MODULES, 'noop.js'));
const load = async (name) => {
  try {
    const resolved = requireFrom.resolve(name);
    return await import(pathToFileURL(resolved).href);
  } catch {
    return null;
  }
};

/** The article as rich text: a paragraph every ~200 characters, some words in bold. */
const asHtml = (text) => {
  let html = '';
  for (let at = 0; at < text.length; at += 200) {
    const part = text.slice(at, at + 200);
    html += `<p>${part.slice(0, 50)}<strong>${part.slice(50, 60)}</strong>${part.slice(60)}</p>`;
  }
  return html;
};
const shortHtml = asHtml(shortArticle);
const longHtml = asHtml(longArticle);

const rows = [];
const row = (name, build, short, long, hits, note = '') =>
  rows.push({
    matcher: name,
    'build ms': build,
    '2,000 chars ms': short,
    '40,000 chars ms': long,
    hits,
    note,
  });

{
  const tableTime = time(() => normalisationTable()).ms;
  const built = time(() =>
    buildMatcher(words.map((word) => ({ normalised: normaliseWord(word), isAllow: false }))),
  );
  const matcher = built.result;
  const short = measure(() => matcher.find(shortArticle));
  const long = measure(() => matcher.find(longArticle));
  row(
    'own (lib/sensitive/matcher.ts)',
    fmt(built.ms),
    fmt(short.median),
    fmt(long.median),
    long.result.length,
    `normalising included; its table once per process: ${fmt(tableTime)} ms`,
  );
  // What a save runs: the article as rich text (its text read out of the markup), every hit
  // described; the words are warn, confirmed, so nothing is refused or replaced.
  const entries = words.map((word, id) => ({
    id,
    word,
    isAllow: false,
    level: 'warn',
    replacement: '',
    note: '',
  }));
  const list = { version: '1', words: entries, matcher };
  const check = (html) => () =>
    screenTargets({
      list,
      targets: textTarget({ field: 'content', title: '内容', value: html, isRich: true, apply: () => {} }),
      isConfirmed: true,
    }).confirmed.length;
  const shortCheck = measure(check(shortHtml));
  const longCheck = measure(check(longHtml));
  row(
    'own, the whole check of a save',
    '—',
    fmt(shortCheck.median),
    fmt(longCheck.median),
    `${longCheck.result} words`,
    `rich text (${shortHtml.length.toLocaleString()} / ${longHtml.length.toLocaleString()} characters of HTML), hits described`,
  );
  const empty = { version: '0', words: [], matcher: null };
  const emptyCheck = measure(() =>
    screenTargets({
      list: empty,
      targets: textTarget({
        field: 'content',
        title: '内容',
        value: longHtml,
        isRich: true,
        apply: () => {},
      }),
      isConfirmed: false,
    }),
  );
  row(
    'own, the check with no deny word',
    '—',
    '—',
    fmt(emptyCheck.median),
    0,
    'the 40,000-character article',
  );
}

const candidates = [
  {
    name: 'modern-ahocorasick',
    build: (m) => new (m.default ?? m.AhoCorasick)(words),
    check: (matcher, text) => matcher.search(text).length,
  },
  {
    name: 'mint-filter',
    build: (m) => new (m.default?.Mint ?? m.Mint ?? m.default)(words),
    check: (matcher, text) => matcher.filter(text, { replace: false }).words.length,
    note: 'answers the words found, no positions',
  },
  {
    name: 'ahocorasick',
    build: (m) => new (m.default ?? m)(words),
    check: (matcher, text) => matcher.search(text).reduce((sum, [, found]) => sum + found.length, 0),
    note: 'answers end positions only',
  },
  {
    name: '@monyone/aho-corasick',
    build: (m) => new (m.AhoCorasick ?? m.default.AhoCorasick)(words),
    check: (matcher, text) => matcher.matchInText(text).length,
  },
];
for (const candidate of candidates) {
  const loaded = await load(candidate.name);
  if (!loaded) {
    row(candidate.name, '—', '—', '—', '—', `not found in ${MODULES}`);
    continue;
  }
  const built = time(() => candidate.build(loaded));
  const short = measure(() => candidate.check(built.result, shortArticle));
  const long = measure(() => candidate.check(built.result, longArticle));
  row(
    candidate.name,
    fmt(built.ms),
    fmt(short.median),
    fmt(long.median),
    long.result,
    `raw text, no normalising${candidate.note ? `; ${candidate.note}` : ''}`,
  );
}

console.log(
  `敏感词 matching: ${words.length.toLocaleString()} words, median of ${RUNS} runs; node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}`,
);
console.table(rows);
