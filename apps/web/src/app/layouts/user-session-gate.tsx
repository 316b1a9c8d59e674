import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { PROFILE_KEY, useProfileQuery } from '../../features/user/use-profile-query';
import { sessionStore } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';

/**
 * Everything under /user: loads the profile before the first screen and refreshes it on later
 * navigations; a failed load ends the session (spec §4, §8).
 */
export function UserSessionGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfileQuery(!!session && !session.isAdmin);

  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: PROFILE_KEY, stale: true, type: 'active' },
      { cancelRefetch: false },
    );
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!profile.isError) return;
    sessionStore.clear();
    queryClient.removeQueries({ queryKey: PROFILE_KEY });
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate, queryClient]);

  if (profile.isPending || profile.isError) return <ShellSkeleton />;
  return <Outlet />;
}
