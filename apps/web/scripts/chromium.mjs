// Debian's Chromium as the browser tests and the Lighthouse bench launch it (stack notes).

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Without the networking flags Chromium keeps calling home and floods the closed network;
 * --no-sandbox because the tests may run as root in a container. Headless is the caller's.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
