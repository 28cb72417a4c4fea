/**
 * Spec §4 Welcome modal: "shown after registration (flagged in local storage for the same user
 * id)". Registration marks the new user's id; the welcome modal reads and clears the mark once it
 * has been shown. Storage failures (private mode, full quota, disabled storage) are ignored: the
 * welcome is a courtesy, never a reason to break registration.
 */

const PREFIX = 'welcome:';

function keyFor(userId: number): string {
  return `${PREFIX}${userId}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Reading `localStorage` itself throws when the browser blocks storage.
    return null;
  }
}

/** Remembers that the user with this id has just registered and should be welcomed. */
export function markWelcomePending(userId: number): void {
  try {
    storage()?.setItem(keyFor(userId), 'true');
  } catch {
    // Quota exceeded or storage disabled: the welcome is simply not shown.
  }
}

/** Whether the user with this id registered in this browser and has not been welcomed yet. */
export function isWelcomePending(userId: number): boolean {
  try {
    return storage()?.getItem(keyFor(userId)) === 'true';
  } catch {
    return false;
  }
}

/** Forgets the mark once the welcome has been shown (or dismissed). */
export function clearWelcomePending(userId: number): void {
  try {
    storage()?.removeItem(keyFor(userId));
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}
