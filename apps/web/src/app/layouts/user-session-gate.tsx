import { Suspense, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { fetchProfile } from '../../features/user/fetch-profile';
import { PROFILE_KEY } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';

const FRESH_MS = 30_000;

/**
 * Loads the profile before the first protected screen (a skeleton meanwhile) and refreshes it on
 * later navigations; a failed load ends the session and goes to /login (spec §4, §8). A profile
 * this page has just received (sign-in, verification) counts as loaded.
 */
export function UserSessionGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setAt = sessionStore.setAt();
  const fresh = session?.user && Date.now() - setAt < FRESH_MS ? session.user : undefined;
  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: !!session && !session.isAdmin,
    initialData: fresh,
    initialDataUpdatedAt: fresh ? setAt : undefined,
    retry: false,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    void queryClient.refetchQueries(
      { queryKey: PROFILE_KEY, stale: true, type: 'active' },
      { cancelRefetch: false },
    );
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!profile.isError) return;
    sessionStore.clear();
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate]);

  if (profile.isPending || profile.isError) return <ShellSkeleton />;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <Outlet />
    </Suspense>
  );
}
