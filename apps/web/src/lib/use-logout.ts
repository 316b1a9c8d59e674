import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api-client';
import { sessionStore } from './session-store';

/** Keluar: revoke the token on the server, clear the session (and with it cached data), go to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // The request reads the token now, so the session can be cleared without waiting for it.
    api.post('/auth/logout').catch(() => undefined);
    sessionStore.clear();
    void navigate('/login', { replace: true });
  }, [navigate]);
}
