import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resetUserData } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session-tokens';

/**
 * Spec §4: logout clears the token and remember-me cookies and resets user data. The server is
 * told to forget the refresh token and drop its HttpOnly cookie (`POST /auth/logout`, under the
 * cookie's path so the cookie comes along; ADR 0055), but the browser does not wait for it:
 * signing out works offline too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => {
    clearSession();
    resetUserData(queryClient);
    apiRequest('/auth/logout', {
      method: 'POST',
      body: {},
      auth: false,
      credentials: 'include',
    }).catch((error: unknown) =>
      console.warn('No se pudo cerrar la sesión en el servidor.', error),
    );
  };
}
