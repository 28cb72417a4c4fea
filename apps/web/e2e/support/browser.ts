import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

export interface BrowserSession {
  /** Origin of the server under test (no trailing slash); `page.goto('/')` is relative to it. */
  readonly baseUrl: string;
  /** The current test's page, in a fresh context (no cookies or storage from other tests). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions of the current test's page. */
  readonly consoleErrors: string[];
}

/**
 * Connects this test file to the browser started by the global setup and gives every test a fresh
 * context and page (Spanish locale, desktop viewport unless overridden). Call once at the top of a
 * file: `const browser = useBrowser();` then use `browser.page` inside tests.
 */
export function useBrowser(options: BrowserContextOptions = {}): BrowserSession {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });

  afterAll(async () => {
    // On a connected browser this disconnects; the global teardown closes the browser itself.
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('the browser is not connected');
    consoleErrors.length = 0;
    context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'es-ES',
      viewport: { width: 1280, height: 800 },
      ...options,
    });
    page = await context.newPage();
    waitForScriptsOnNavigation(page);
    page.on('console', (message) => {
      if (message.type() === 'error') {
        consoleErrors.push(`${message.text()} (${message.location().url || 'page'})`);
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    baseUrl,
    consoleErrors,
    get page() {
      if (!page) throw new Error('no page: use browser.page inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('no context: use browser.context inside a test');
      return context;
    },
  };
}

/**
 * A page the server drew (ADR 0060) is on screen before its scripts run, and a click or a key
 * before they take it over does what the bare HTML does. `goto` and `reload` therefore also wait
 * until the app says it is running (`<html data-app="ready">`) on such a page; pages the browser
 * draws itself (no `#boot-modules`) are returned as soon as Playwright's own wait is over.
 */
function waitForScriptsOnNavigation(page: Page): void {
  const settle = () =>
    page.waitForFunction(
      () =>
        document.readyState !== 'loading' &&
        (!document.getElementById('boot-modules') ||
          document.documentElement.dataset.app === 'ready'),
    );
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}

/** Rules axe runs: WCAG 2.2 A and AA, plus its best practices (landmarks, heading order...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's source, read once per test file and put into a page only when it is not there yet. */
let axeSource: string | undefined;

/**
 * Runs axe on the page as it is now and fails the test on any violation, listing each rule with the
 * elements that break it.
 *
 * axe-core runs in the page directly rather than through @axe-core/playwright: that wrapper puts
 * axe's 600 KB source into the page twice per check and opens a second page to merge frame results
 * (which our pages, with no cross-origin frames, do not need). Asking only for violations skips
 * the bookkeeping of passes, most of axe's work. Together a check takes a fraction of the time.
 */
export async function checkA11y(
  page: Page,
  { exclude = [], disableRules = [] }: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  // axe judges the page at rest: colours halfway through a fade fail contrast checks they pass once
  // shown. Endless animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Every frame needs its own axe for the page's run to reach into it (an email's preview is one).
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(
    async ({ exclude, disableRules, tags }) => {
      const { axe } = window as unknown as {
        axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
      };
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const { violations } = await axe.run(
        { exclude: exclude.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] },
      );
      return violations;
    },
    { exclude, disableRules, tags: AXE_TAGS },
  );
  const report = violations.map((v) =>
    [
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help}`,
      ...v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    ].join('\n'),
  );
  expect(report, `axe found violations on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}

/**
 * Pages drawn by the browser, as a signed-in person gets them: the server sends the shell of
 * every page (a request with a session cookie is never drawn on the server, ADR 0060), so the web
 * asks the API for what the page shows and a test's `page.route` can answer instead (another
 * university's branding, a banner of a chosen date). With `withoutBranding`, the branding the
 * server writes into the shell (ADR 0056) is taken out too. Every other request goes on to the
 * other routes.
 */
export async function drawnByBrowser(
  page: Page,
  { withoutBranding = false }: { withoutBranding?: boolean } = {},
): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.fallback();
    // Only this request to the server carries the cookie; the browser never holds it.
    const cookie = [request.headers()['cookie'], 'token=drawn-by-the-browser']
      .filter(Boolean)
      .join('; ');
    const response = await route.fetch({ headers: { ...request.headers(), cookie } });
    let body = await response.text();
    if (withoutBranding) {
      body = body.replace(/<script id="initial-branding"[^>]*>[\s\S]*?<\/script>/, '');
    }
    // The body is the decoded text: its encoding and length headers no longer apply.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => !['content-encoding', 'content-length'].includes(name),
      ),
    );
    return route.fulfill({ status: response.status(), headers, body });
  });
}

/**
 * Pages without the branding the server writes into them (ADR 0056): the web then asks
 * `/api/branding-saas`, as it does when a page carries none, so a test's `page.route` can answer
 * with another university's branding.
 */
export async function brandingFromApi(page: Page): Promise<void> {
  await drawnByBrowser(page, { withoutBranding: true });
}
