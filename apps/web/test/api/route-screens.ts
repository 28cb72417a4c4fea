import type { FeaturePermissions, ProfileType } from '@plataforma/shared';
import Cookies from 'js-cookie';
import {
  markWelcomeShownThisSession,
  WELCOME_SHOWN_COOKIE,
} from '../../src/features/welcome/utils/welcome-storage';
import { clearSession } from '../../src/lib/session-tokens';
import { account, allPermissions } from './accounts';
import { collection, jsonResponse } from './envelopes';
import { fakeApi } from './fake-api';

export type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Signs in as `profileType` (a teacher with their area, welcome modals already seen) and answers
 * the API: keys are "METHOD /path?query" prefixes (the longest matching one answers). Returns
 * every call made.
 */
export function stubRouteApi(
  profileType: ProfileType | null,
  routes: Record<string, Answer>,
  { permissions = allPermissions() }: { permissions?: FeaturePermissions } = {},
) {
  const user = account(profileType);
  // The welcome modals are another test's subject: keep them from covering these screens.
  markWelcomeShownThisSession(user.id);
  return fakeApi({
    user,
    permissions,
    profiles: {
      teachers: () =>
        jsonResponse(
          collection([
            { id: 4, attributes: { teacher_area: 'Informática', university: { data: null } } },
          ]),
        ),
    },
    routes: {
      'GET /api/communication-centers': () => jsonResponse(collection([])),
      ...Object.fromEntries(
        Object.entries(routes).map(([key, answer]) => [
          key,
          ({ url, init }: { url: URL; init: RequestInit }) => answer(url, init),
        ]),
      ),
    },
  }).calls;
}

/** Ends the session and forgets the welcome, so tests stay independent. */
export function resetRouteApi() {
  clearSession();
  Cookies.remove(WELCOME_SHOWN_COOKIE, { path: '/' });
  localStorage.clear();
}
