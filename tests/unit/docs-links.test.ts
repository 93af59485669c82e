// README.md and docs/*.md: every relative link reaches a file (and, with #heading, a heading of that
// page), every repository path named in `code` exists, no line is longer than 200 characters, and
// the README stays short.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const PAGES = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (page: string) => fs.readFileSync(path.join(ROOT, page), 'utf8');

/** The page without fenced code blocks (their lines become empty, so line numbers stay). */
const withoutFences = (text: string) => {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
};
const withoutCodeSpans = (text: string) => text.replace(/`[^`\n]*`/g, '');

/**
 * GitHub's anchor for a heading: the rendered text lower-cased, every character that is not a
 * letter, mark, digit, connector (`_`), space or hyphen removed, each space made a hyphen; the n-th
 * repeat of a slug gets `-n`. Chinese characters are letters, so they stay.
 */
const slugsOf = (text: string) => {
  const seen = new Map<string, number>();
  return withoutFences(text)
    .split('\n')
    .map((line) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1])
    .filter((heading): heading is string => heading !== undefined)
    .map((heading) => {
      const rendered = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
      const slug = rendered
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      return count ? `${slug}-${count}` : slug;
    });
};

/** Inline links and images, `[text](target)`, outside code. */
const linksOf = (text: string) =>
  [...withoutCodeSpans(withoutFences(text)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (m) => m[1],
  );

const TOP_FOLDERS = [
  'app',
  'lib',
  'components',
  'server',
  'scripts',
  'tests',
  'bench',
  'prisma',
  'docs',
  'public',
];
/** `code` that names a path in the repository: a top folder, a slash, and no placeholder. */
const repositoryPathsOf = (text: string) =>
  [...withoutFences(text).matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1])
    .filter((code) => TOP_FOLDERS.some((folder) => code.startsWith(`${folder}/`)))
    .filter((code) => !/[\s<>*…{}]/.test(code));
const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs'];

describe('the documentation', () => {
  it('is README.md and the pages in docs/', () => {
    expect(PAGES).toEqual(
      expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/API.md', 'docs/CONFIGURATION.md']),
    );
  });

  it.each(PAGES)('%s: every relative link reaches a file, and every #anchor a heading', (page) => {
    const broken: string[] = [];
    const links = linksOf(read(page));
    for (const link of links) {
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // http:, https:, mailto:
      const [target, anchor] = link.split('#');
      const file = target
        ? path.join(path.dirname(path.join(ROOT, page)), decodeURI(target))
        : path.join(ROOT, page);
      if (!fs.existsSync(file)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!file.endsWith('.md')) broken.push(`${link}: an anchor into a file that is not Markdown`);
      else if (!slugsOf(fs.readFileSync(file, 'utf8')).includes(decodeURIComponent(anchor)))
        broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s: every repository path it names exists', (page) => {
    const missing = repositoryPathsOf(read(page)).filter(
      (name) => !SOURCE_EXTENSIONS.some((extension) => fs.existsSync(path.join(ROOT, name + extension))),
    );
    expect(missing).toEqual([]);
  });

  it.each(PAGES)('%s: no line is longer than 200 characters', (page) => {
    const long = read(page)
      .split('\n')
      .map((line, index) => ({ line: index + 1, length: [...line].length }))
      .filter(({ length }) => length > 200);
    expect(long).toEqual([]);
  });

  it('keeps the README to 200 lines, with ARCHITECTURE.md linked on its first screen', () => {
    const lines = read('README.md').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(lines.slice(0, 40).join('\n')).toContain('](docs/ARCHITECTURE.md)');
  });
});

describe('slugsOf (GitHub heading anchors)', () => {
  it('lower-cases, drops punctuation and code marks, keeps Chinese and underscores, numbers repeats', () => {
    expect(
      slugsOf(
        [
          '# Sign-in and sessions',
          '## First screen — `bench/frontend.mjs`, `bench/bundle-report.mjs`',
          '## system_set — 系统设置 and 操作日志',
          '## 操作日志 (the audit log)',
          '```',
          '# not a heading',
          '```',
          '### Tests',
          '### Tests',
        ].join('\n'),
      ),
    ).toEqual([
      'sign-in-and-sessions',
      'first-screen--benchfrontendmjs-benchbundle-reportmjs',
      'system_set--系统设置-and-操作日志',
      '操作日志-the-audit-log',
      'tests',
      'tests-1',
    ]);
  });
});
