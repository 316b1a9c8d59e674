import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ShellSkeleton } from '../../components/shell-skeleton';
import { fetchProfile } from '../../features/user/fetch-profile';
import { PROFILE_KEY } from '../../lib/query-keys';
import { useSession } from '../../lib/use-session';
import { useSessionProfile } from '../use-session-profile';

/**
 * Loads the profile before the first protected screen (a skeleton meanwhile) and refreshes it on
 * later navigations; a failed load ends the session and goes to /login (spec §4, §8). A profile
 * this page has just received (sign-in, verification) counts as loaded.
 */
export function UserSessionGate() {
  const session = useSession();
  const profile = useSessionProfile({
    queryKey: PROFILE_KEY,
    fetch: fetchProfile,
    enabled: !!session && !session.isAdmin,
    stored: session?.user,
  });

  if (profile.isPending || profile.isError) return <ShellSkeleton />;
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <Outlet />
    </Suspense>
  );
}
