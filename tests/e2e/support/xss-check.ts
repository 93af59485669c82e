import { expect, type Page } from '@playwright/test';

// What "no script ran" means on a screen of the XSS corpus: the marker every payload would set is
// unset, no alert/confirm opened, no element in the DOM (or a same-origin frame) carries an on*
// attribute or a script URL, and the page's Content-Security-Policy had nothing to block — a
// payload must be escaped or sanitised before the policy has to stop it.

type Watched = { __x?: unknown; __cspViolations: string[] };

/** Installs the CSP violation listener before any page script, and records dialogs. */
export const watchPage = async (page: Page) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as Watched).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} «${event.sample}» @${location.pathname}`),
    );
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
};

/** Runs in the page: everything that would show a payload got through. */
const scanDocument = () => {
  const URL_ATTRIBUTES = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
  ]);
  const findings: string[] = [];
  const scan = (doc: Document, where: string) => {
    for (const element of Array.from(doc.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on'))
          findings.push(`${where}<${tag} ${name}="${attribute.value.slice(0, 40)}">`);
        // Browsers ignore ASCII whitespace and control characters in a URL's scheme.
        const url = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data:text\/html)/.test(url))
          findings.push(`${where}<${tag} ${name}="${attribute.value.slice(0, 40)}">`);
        if (name === 'srcdoc') findings.push(`${where}<${tag} srcdoc>`);
      }
      if (['object', 'embed', 'base'].includes(tag) || (tag === 'meta' && element.hasAttribute('http-equiv')))
        findings.push(`${where}<${tag}>`);
      // Next's inline scripts carry the page's nonce and its chunks come from /_next/static/
      // (loaded by its runtime under 'strict-dynamic'); any other script element was injected.
      if (tag === 'script') {
        const script = element as HTMLScriptElement;
        const isNext = script.nonce || script.src.startsWith(`${location.origin}/_next/static/`);
        if (!isNext) findings.push(`${where}<script src="${script.src}">${(script.text ?? '').slice(0, 40)}`);
      }
    }
    for (const frame of Array.from(doc.querySelectorAll('iframe'))) {
      try {
        if (frame.contentDocument) scan(frame.contentDocument, `${where}iframe›`);
      } catch {
        // another origin: nothing of ours runs there
      }
    }
  };
  scan(document, '');
  const watched = window as unknown as Watched;
  return { marker: watched.__x ?? null, findings, violations: watched.__cspViolations ?? [] };
};

/** Asserts the screen is clean once its images have loaded or failed (onerror payloads fire then). */
export const expectClean = async ({
  page,
  where,
  dialogs,
}: {
  page: Page;
  where: string;
  dialogs: string[];
}) => {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  expect(await page.evaluate(scanDocument), where).toEqual({ marker: null, findings: [], violations: [] });
  expect(dialogs, `${where}：弹窗`).toEqual([]);
};
