import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getToken, subscribeToSession } from '../../../lib/session-tokens';
import { currentUserQueryOptions } from '../api/get-current-user';
import { userDetailsQueryOptions } from '../api/get-user-details';
import type { SessionUser, UserDetails } from '../types';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface Session {
  /**
   * Spec §4: authenticated once the token and the current user are both loaded; `loading` while a
   * token is held but the user is not known yet.
   */
  status: SessionStatus;
  user: SessionUser | null;
  /** The profile record's data (spec §3 "User details"); null until loaded. */
  details: UserDetails | null;
}

/** The token held by this tab, following sign-in, refresh and sign-out as they happen. */
export function useToken(): string | undefined {
  return useSyncExternalStore(subscribeToSession, getToken, () => undefined);
}

/** Who is signed in, with their profile details. */
export function useSession(): Session {
  const token = useToken();
  const me = useQuery({ ...currentUserQueryOptions(), enabled: token !== undefined });
  const user = token !== undefined ? (me.data ?? null) : null;
  const details = useQuery(userDetailsQueryOptions(user));
  const status: SessionStatus =
    token === undefined
      ? 'anonymous'
      : user
        ? 'authenticated'
        : me.isError
          ? 'anonymous'
          : 'loading';
  return { status, user, details: user ? (details.data ?? null) : null };
}
