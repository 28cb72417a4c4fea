import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { BRANDING_MEMORY_KEY } from '../src/features/branding/utils/branding-memory';

// `findBy…` and `waitFor` wait up to 4 s rather than 1 s: whole-app renders in jsdom are slow on a
// busy CI machine, and a wait only lasts long when the test is failing anyway.
configure({ asyncUtilTimeout: 4_000 });

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
  // The branding of the last visit (ADR 0033): each test is a first visit unless it says otherwise.
  localStorage.removeItem(BRANDING_MEMORY_KEY);
});
