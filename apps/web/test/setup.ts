import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait up to 8 s rather than 1 s: whole-app renders in jsdom are slow on a
// busy CI machine, and a wait only lasts long when the test is failing anyway.
configure({ asyncUtilTimeout: 8_000 });

// pdf.js draws on a canvas and runs a worker, neither of which jsdom has: screens show this
// stand-in, which says what they asked for; the library journey (e2e) runs the real viewer. It
// is mocked here for every file because test files share their modules (isolate: false in
// vitest.config.ts), where a mock in one file would not reach a module another file loaded first.
vi.mock('../src/features/library/components/pdf-viewer/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) =>
    createElement('p', { 'data-testid': 'pdf-viewer' }, `Visor: ${title} (${url})`),
}));

// jsdom has no scrolling; the router's ScrollRestoration calls it on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // Toasts live in sonner's module state and a new toaster shows the active ones again: none
  // may pass from one test to the next.
  toast.dismiss();
  // The branding provider writes to <html> and <head>; give every test a clean page.
  document.title = '';
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('link[rel~="icon"], meta[name="theme-color"]').forEach((e) => {
    e.remove();
  });
  // Every test starts as a first visit with nothing stored: files share a worker's page
  // (isolate: false), so a cookie or an entry one file leaves would reach the next (the branding
  // of the last visit, ADR 0033; the welcome modal's session cookie; saved sessions).
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
