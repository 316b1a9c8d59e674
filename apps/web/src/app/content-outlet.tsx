import { Suspense, useContext } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { DeniedContext } from './guard-context';

/** The content area of a shell: empty while a denied page is being left, a skeleton while code loads. */
export function ContentOutlet() {
  const denied = useContext(DeniedContext);
  if (denied) return null;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
