import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { guardRoute, isUnder } from '@sapa/contracts';
import { DeniedContext } from './guard-context';
import { useToast } from '../components/toast/use-toast';
import { PageLoader } from '../components/page-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { referralStore } from '../lib/referral-store';
import { useConfig } from '../lib/use-config';
import { useSession } from '../lib/use-session';

function canGoBack(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
}

/**
 * Runs `guardRoute` from contracts on every navigation (spec §2, §5): redirects replace the
 * location; a denial shows its toast and returns to the previous page (or /user/chat).
 */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const config = useConfig();
  const handledKey = useRef<string | null>(null);

  const isProtected = isUnder(location.pathname, '/user') || isUnder(location.pathname, '/admin');
  // Beta paths come from the server; wait for them only where they can matter.
  const waiting = isUnder(location.pathname, '/user') && !!session && config.isPending;
  const decision = waiting ? null : guardRoute(location.pathname, session, config.data?.betaPaths ?? []);

  useEffect(() => {
    // spec §4: a 401 has already cleared the session; leave for /login.
    setUnauthorizedHandler(() => void navigate('/login', { replace: true }));
  }, [navigate]);

  useEffect(() => {
    // spec §2: `r` on a public route is the referral code.
    if (!isProtected) referralStore.capture(location.search);
  }, [isProtected, location.search]);

  useEffect(() => {
    if (decision?.type !== 'deny' || handledKey.current === location.key) return;
    handledKey.current = location.key;
    toast.show(decision.toast);
    if (canGoBack(location.key)) void navigate(-1);
    else void navigate('/user/chat', { replace: true });
  }, [decision, location.key, navigate, toast]);

  if (!decision) return <PageLoader />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <DeniedContext.Provider value={decision.type === 'deny'}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </DeniedContext.Provider>
  );
}
