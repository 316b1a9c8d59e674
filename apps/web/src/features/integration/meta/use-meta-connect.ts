import { useEffect, useState } from 'react';
import { t, WEB_MESSAGES, type ChannelLinkKind } from '@sapa/contracts';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useMetaLogin } from '../../../resources/integration/integration-queries';

export interface MetaConnect {
  /** asks the server for the Facebook dialog of `kind` and goes there; `source` names the button */
  connect: (kind: ChannelLinkKind, source: string) => void;
  /** the button whose click is under way (loading until the browser has left the page) */
  busy: string | null;
}

/**
 * 'Hubungkan' and 'Hubungkan ulang': POST /integration/meta/login, then the browser leaves for the
 * Facebook dialog, which comes back to the tab's callback page. A refusal (beta, not configured)
 * toasts the server's message.
 */
export function useMetaConnect(): MetaConnect {
  const login = useMetaLogin();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  // back from Facebook through the browser's back button: a page restored from the cache is not busy
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const connect = (kind: ChannelLinkKind, source: string) => {
    if (busy) return;
    setBusy(source);
    login.mutate(kind, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        setBusy(null);
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        });
      },
    });
  };

  return { connect, busy };
}
