import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resetUserData } from '../../../lib/query-client';
import { clearSession, getRefreshToken } from '../../../lib/session-tokens';

/**
 * Spec §4: logout clears the token and remember-me cookies and resets user data. The server is
 * told to forget the refresh token (`POST /api/auth/logout`), but the browser does not wait for it:
 * signing out works offline too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => {
    const refreshToken = getRefreshToken();
    clearSession();
    resetUserData(queryClient);
    if (refreshToken) {
      apiRequest('/api/auth/logout', { method: 'POST', body: { refreshToken }, auth: false }).catch(
        (error: unknown) => console.warn('No se pudo cerrar la sesión en el servidor.', error),
      );
    }
  };
}
