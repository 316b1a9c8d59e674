import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** The link a click would follow inside the app, or null (another origin, a new tab, a download). */
export function inAppTarget(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  const here = `${window.location.pathname}${window.location.search}`;
  return to === here ? null : to;
}

/**
 * Asks before unsaved changes are left behind (issue 23's article form): closing or reloading the
 * tab gets the browser's own prompt; a link inside the app (the side menu, 'Kembali') waits for
 * the returned dialog's answer. The app's BrowserRouter has no navigation blocker, so links are
 * held at the document, before the router sees the click. The browser's Back button is not held.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const to = inAppTarget(event, window.location.origin);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  return {
    /** where a held link leads, while the dialog asks */
    pending,
    stay: () => setPending(null),
    leave: () => {
      const to = pending;
      setPending(null);
      // navigate() is no click: the held links' listener does not see it
      if (to) void navigate(to);
    },
  };
}
