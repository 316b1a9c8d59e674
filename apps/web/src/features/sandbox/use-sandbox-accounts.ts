import { useEffect, useState } from 'react';
import { t } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { ApiError, errorMessage } from '../../lib/api-error';

export interface SandboxAccount {
  _id: string;
  label: { name: string; phoneNumber: string };
  ownerName: string;
}

/** GET /api/sandbox/accounts: the sandbox numbers a customer can write to (no login). */
export function useSandboxAccounts(): { accounts: SandboxAccount[] | null; error: string | null } {
  const [state, setState] = useState<{ accounts: SandboxAccount[] | null; error: string | null }>({
    accounts: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ docs: SandboxAccount[] }>('/sandbox/accounts', undefined, controller.signal)
      .then((data) => setState({ accounts: data.docs, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The sandbox's routes exist only while it is on: a 404 means it is off.
        const off = error instanceof ApiError && error.status === 404;
        setState({
          accounts: [],
          error: off ? t('sandbox.disabled') : errorMessage(error, t('sandbox.disabled')),
        });
      });
    return () => controller.abort();
  }, []);
  return state;
}
