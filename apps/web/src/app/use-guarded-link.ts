import { useCallback, type MouseEvent } from 'react';
import { guardRoute } from '@sapa/contracts';
import { useToast } from '../components/toast/use-toast';
import { useConfig } from '../lib/use-config';
import { useSession } from '../lib/use-session';

/**
 * A click handler for menu links: when the guard would deny the target, the click shows the same
 * toast and does not navigate (spec §5, e.g. beta integrations and agent-blocked pages).
 */
export function useGuardedLink(): (path: string) => (event: MouseEvent) => void {
  const session = useSession();
  const toast = useToast();
  const { data: config } = useConfig();
  return useCallback(
    (path: string) => (event: MouseEvent) => {
      const decision = guardRoute(path, session, config?.betaPaths ?? []);
      if (decision.type === 'deny') {
        event.preventDefault();
        toast.show(decision.toast);
      }
    },
    [session, toast, config],
  );
}
