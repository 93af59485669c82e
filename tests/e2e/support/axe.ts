import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './helpers';

// The rules axe-core runs here: WCAG 2.0 / 2.1 A and AA, and its best practices.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and answers its serious and critical violations, one line
 * each (`[screen] rule: help — element …`), so a failing test names every problem at once.
 */
export const seriousViolations = async (page: Page, screen: string) => {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${screen}] ${violation.impact} ${violation.id}: ${violation.help} — ${node.target.join(' ')} ${
            node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''
          }`,
      ),
    );
};
