import { useCallback } from 'react';
import { guardRoute } from '@sapa/contracts';
import { useToast } from '../components/toast/use-toast';
import { useConfig } from '../lib/use-config';
import { useSession } from '../lib/use-session';

/**
 * For menu links: returns whether the guard lets the session open `path`; when it would deny,
 * shows the same toast so the click can be cancelled (spec §5: beta integrations, agent-only blocks).
 */
export function useGuardedLink(): (path: string) => boolean {
  const session = useSession();
  const toast = useToast();
  const { data: config } = useConfig();
  return useCallback(
    (path: string) => {
      const decision = guardRoute(path, session, config?.betaPaths ?? []);
      if (decision.type !== 'deny') return true;
      toast.show(decision.toast);
      return false;
    },
    [session, toast, config],
  );
}
