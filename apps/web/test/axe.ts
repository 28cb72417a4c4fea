import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe on `root` (the page's `main` by default): WCAG 2.2 A/AA and best practices. Contrast, target
 * size and landmarks are left to the browser journeys (jsdom lays nothing out), which run axe on
 * real pages at 1280 and 360 px.
 */
export async function expectNoViolations(
  root: Element = document.querySelector('main')!,
): Promise<void> {
  const result = await axe.run(root, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: {
      'color-contrast': { enabled: false },
      'target-size': { enabled: false },
      region: { enabled: false },
    },
  });
  const report = result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(report).toEqual([]);
}
