import { useCallback, useEffect, useState } from 'react';
import { t, type AccountType } from '@sapa/contracts';
import { sandboxApi } from './sandbox-api';
import { ApiError, errorMessage } from '../../lib/api-error';

export interface SandboxAccount {
  _id: string;
  type: AccountType;
  label: { name: string; phoneNumber: string };
  ownerName: string;
  /** the simulator's switch 'Batasi nomor (463)' */
  restricted: boolean;
}

interface State {
  accounts: SandboxAccount[] | null;
  error: string | null;
}

/**
 * GET /api/sandbox/accounts: the signed-in owner's sandbox numbers (or the one of the link); `addChannel`
 * gives the owner of an account a sandbox account on another channel (POST /api/sandbox/account,
 * the existing one when there is one) and lists it; `setRestricted` flips an account's 'Batasi
 * nomor (463)' switch (PUT /api/sandbox/account/{id}/restricted). Both throw when refused.
 */
export function useSandboxAccounts(): State & {
  addChannel: (base: SandboxAccount, type: AccountType) => Promise<SandboxAccount>;
  setRestricted: (account: SandboxAccount, restricted: boolean) => Promise<void>;
} {
  const [state, setState] = useState<State>({ accounts: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    sandboxApi
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

  const addChannel = useCallback(async (base: SandboxAccount, type: AccountType) => {
    const created = await sandboxApi.post<Omit<SandboxAccount, 'ownerName'>>('/sandbox/account', {
      accountId: base._id,
      type,
    });
    const account: SandboxAccount = { ...created, ownerName: base.ownerName };
    setState((s) => ({
      ...s,
      accounts: s.accounts?.some((a) => a._id === account._id)
        ? s.accounts
        : [account, ...(s.accounts ?? [])],
    }));
    return account;
  }, []);

  const setRestricted = useCallback(async (account: SandboxAccount, restricted: boolean) => {
    const result = await sandboxApi.put<{ _id: string; restricted: boolean }>(
      `/sandbox/account/${encodeURIComponent(account._id)}/restricted`,
      { restricted },
    );
    setState((s) => ({
      ...s,
      accounts:
        s.accounts?.map((a) => (a._id === result._id ? { ...a, restricted: result.restricted } : a)) ?? null,
    }));
  }, []);

  return { ...state, addChannel, setRestricted };
}
