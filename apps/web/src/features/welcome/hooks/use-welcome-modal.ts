import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  isWelcomeBlockedOn,
  pickWelcome,
  welcomeKindFor,
  type WelcomeKind,
  type WelcomeSubject,
} from '../utils/welcome-rules';
import {
  clearCompleteProfilePending,
  markCompleteProfilePending,
  markWelcomeShownThisSession,
  wasWelcomeShownThisSession,
} from '../utils/welcome-storage';

/** The welcome on screen: once opened it stays until closed, whatever the storage says then. */
export interface OpenWelcome {
  userId: number;
  kind: WelcomeKind;
  /** False while the closing transition plays, then the modal is gone. */
  isOpen: boolean;
}

/**
 * One welcome at a time for the whole page; held outside React so that opening it (an effect
 * that follows the session data) does not set component state inside an effect.
 */
let current: OpenWelcome | null = null;
const listeners = new Set<() => void>();

function setCurrent(next: OpenWelcome | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getCurrent = () => current;

/** A dialog on screen (ours are Headless UI's, `role="dialog"`), before any welcome opens. */
const isAnotherDialogOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** The registration flag kept by the authentication feature (spec §4), passed in by app/. */
export interface RegistrationFlag {
  isPending: (userId: number) => boolean;
  clear: (userId: number) => void;
}

export interface UseWelcomeModalInput {
  /** Null for visitors and while the user or their profile details load. */
  subject: WelcomeSubject | null;
  pathname: string;
  registration: RegistrationFlag;
}

/**
 * Decides whether the signed-in person gets a welcome (spec §2 Modals, §4 Welcome modal) and keeps
 * it open until they close it. Showing one clears the registration flag, records the browser
 * session and stores the complete-profile flag; complete data clears both flags.
 */
export function useWelcomeModal({ subject, pathname, registration }: UseWelcomeModalInput) {
  const open = useSyncExternalStore(subscribe, getCurrent, getCurrent);
  const userId = subject?.userId ?? null;
  const eligibleKind = subject ? welcomeKindFor(subject) : null;
  const candidate = subject
    ? pickWelcome({
        subject,
        pathname,
        isRegistrationPending: registration.isPending(subject.userId),
        wasShownThisSession: wasWelcomeShownThisSession(subject.userId),
      })
    : null;
  const { clear: clearRegistration } = registration;

  useEffect(() => {
    if (userId === null || candidate === null || current?.userId === userId) return;
    const show = () => {
      clearRegistration(userId);
      markWelcomeShownThisSession(userId);
      markCompleteProfilePending(userId);
      setCurrent({ userId, kind: candidate, isOpen: true });
    };
    if (!isAnotherDialogOpen()) {
      show();
      return;
    }
    // The person opened a dialog before their details arrived (the side menu, a confirmation):
    // the welcome waits until it is closed rather than covering it.
    const observer = new MutationObserver(() => {
      if (isAnotherDialogOpen()) return;
      observer.disconnect();
      show();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [userId, candidate, clearRegistration]);

  // Nothing left to complete (or not a profile that gets a welcome): no flag should linger.
  const isComplete = subject !== null && eligibleKind === null;
  useEffect(() => {
    if (userId === null || !isComplete) return;
    clearRegistration(userId);
    clearCompleteProfilePending(userId);
  }, [userId, isComplete, clearRegistration]);

  // The page the welcome leads to, or another it must not cover, was reached some other way (a
  // coordinator's /organizations sends them on to /organizations/create): it closes there.
  const isBlockedHere = open !== null && isWelcomeBlockedOn(pathname, open.kind);
  useEffect(() => {
    if (isBlockedHere && current?.isOpen) setCurrent({ ...current, isOpen: false });
  }, [isBlockedHere]);

  // The page frame unmounts (tests, a new router): the next one starts without a welcome.
  useEffect(() => () => setCurrent(null), []);

  const close = useCallback(() => {
    if (current?.isOpen) setCurrent({ ...current, isOpen: false });
  }, []);

  const welcome = open !== null && open.userId === userId && !isBlockedHere ? open : null;
  return { welcome, close };
}
