import Cookies from 'js-cookie';

/**
 * What the welcome modals remember in the browser (ADR 0017). Storage failures (private mode,
 * blocked cookies, full quota) are ignored: the welcome is a courtesy and must never break a page.
 */

/** Session cookie (ends with the browser, shared by its tabs): ids already welcomed this session. */
export const WELCOME_SHOWN_COOKIE = 'welcomeShown';
const COMPLETE_PROFILE_PREFIX = 'complete-profile:';
/** A browser is rarely shared by more people in one session; the cookie stays tiny. */
const MAX_REMEMBERED_IDS = 10;

function shownIds(): string[] {
  try {
    return (Cookies.get(WELCOME_SHOWN_COOKIE) ?? '').split(',').filter((id) => /^\d+$/.test(id));
  } catch {
    return [];
  }
}

/** Whether a welcome was already shown to this user in this browser session. */
export function wasWelcomeShownThisSession(userId: number): boolean {
  return shownIds().includes(String(userId));
}

/** Remembers, until the browser closes, that this user has seen a welcome. */
export function markWelcomeShownThisSession(userId: number): void {
  const ids = [...shownIds().filter((id) => id !== String(userId)), String(userId)];
  try {
    Cookies.set(WELCOME_SHOWN_COOKIE, ids.slice(-MAX_REMEMBERED_IDS).join(','), {
      path: '/',
      sameSite: 'Lax',
      secure: typeof location !== 'undefined' && location.protocol === 'https:',
    });
  } catch {
    // Cookies blocked: the welcome may show again on the next page load.
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Spec §4 "Welcome modal: ... this also stores a complete-profile flag": set when a welcome is
 * shown, it says "this person was asked to complete their profile (or create their organisation)
 * and has not done it yet". It is cleared as soon as the data is complete; the profile wizard of a
 * later issue reads it to open itself.
 */
export function markCompleteProfilePending(userId: number): void {
  try {
    storage()?.setItem(`${COMPLETE_PROFILE_PREFIX}${userId}`, 'true');
  } catch {
    // Quota exceeded or storage disabled.
  }
}

export function isCompleteProfilePending(userId: number): boolean {
  try {
    return storage()?.getItem(`${COMPLETE_PROFILE_PREFIX}${userId}`) === 'true';
  } catch {
    return false;
  }
}

export function clearCompleteProfilePending(userId: number): void {
  try {
    storage()?.removeItem(`${COMPLETE_PROFILE_PREFIX}${userId}`);
  } catch {
    // Nothing to clear.
  }
}
