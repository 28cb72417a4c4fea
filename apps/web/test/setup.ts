import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no scrolling; the router's ScrollRestoration calls it on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // The branding provider writes to <html> and <head>; give every test a clean page.
  document.title = '';
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('link[rel~="icon"], meta[name="theme-color"]').forEach((e) => {
    e.remove();
  });
});
