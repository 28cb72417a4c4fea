/**
 * Banners a visitor closed stay closed for the rest of the browser session (ADR 0015): kept in
 * sessionStorage by id and version, so a banner an admin edits afterwards shows again. Storage
 * failures (blocked storage, full quota) only mean the banner may show again on the next page.
 */

const KEY = 'closedBanners';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function keyOf(banner: { id: number; version: string }): string {
  return `${banner.id}@${banner.version}`;
}

function readClosed(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function isBannerClosed(banner: { id: number; version: string }): boolean {
  return readClosed().includes(keyOf(banner));
}

export function rememberBannerClosed(banner: { id: number; version: string }): void {
  const closed = readClosed();
  const key = keyOf(banner);
  if (closed.includes(key)) return;
  try {
    // The last 50 are plenty: older campaigns are over anyway.
    storage()?.setItem(KEY, JSON.stringify([...closed, key].slice(-50)));
  } catch {
    // Nothing to do: the banner is closed on this page all the same.
  }
}
