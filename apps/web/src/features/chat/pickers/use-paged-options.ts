import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Paged } from '@sapa/contracts';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../resources/account/account-queries';
import { agentKeys } from '../../../resources/agent/agent-queries';
import { labelKeys } from '../../../resources/label/label-queries';

/** An account, label or agent as the pickers show it. */
export interface PickerOption {
  _id: string;
  name: string;
  /** a label's colour */
  color?: string;
  /** a second line: an account's number, an agent's email */
  detail?: string;
  /** an account's channel */
  type?: 'whatsapp' | 'instagram' | 'messenger';
}

type Source = 'account' | 'label' | 'agent';

const PATHS: Record<Source, string> = { account: '/account', label: '/chat/label', agent: '/agent' };

/** Each picker caches under its noun's keys, so a change to labels or agents refreshes it too. */
const KEYS = { account: accountKeys.picker, label: labelKeys.picker, agent: agentKeys.picker };

interface AccountDoc {
  _id: string;
  type: 'whatsapp' | 'instagram' | 'messenger';
  label: { name: string; phoneNumber: string };
}
interface LabelDoc {
  _id: string;
  name: string;
  color: string;
}
interface AgentDoc {
  _id: string;
  name: string;
  email: string;
}

function toOption(source: Source, doc: AccountDoc | LabelDoc | AgentDoc): PickerOption {
  if (source === 'account') {
    const a = doc as AccountDoc;
    return {
      _id: a._id,
      name: a.label.name,
      detail: a.label.phoneNumber ? `+${a.label.phoneNumber}` : '',
      type: a.type,
    };
  }
  if (source === 'label') {
    const l = doc as LabelDoc;
    return { _id: l._id, name: l.name, color: l.color };
  }
  const g = doc as AgentDoc;
  return { _id: g._id, name: g.name, detail: g.email };
}

/**
 * The accounts, labels or agents of the tenant, 20 a page with 'Lebih Banyak' (spec §9 filter and
 * picker page sizes). Load failures stay silent (spec §8): the list then shows its empty state.
 */
export function usePagedOptions(source: Source, enabled: boolean, search = '') {
  return useInfiniteQuery({
    queryKey: KEYS[source](search),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.get<Paged<AccountDoc | LabelDoc | AgentDoc>>(
        PATHS[source],
        {
          page: pageParam,
          limit: LIMITS.filterPageSize,
          search: search || undefined,
          // only verified agents can be given chats
          isVerified: source === 'agent' ? 'true' : undefined,
        },
        signal,
      );
      return { docs: page.docs.map((doc) => toOption(source, doc)), hasNextPage: page.hasNextPage };
    },
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasNextPage ? all.length + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });
}
