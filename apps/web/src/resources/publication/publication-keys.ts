import type { BroadcastPreviewBody, PublicationState, RecipientState } from '@sapa/contracts';

/** The filters of the broadcast and status lists (spec §9: state, year, a date range). */
export interface PublicationFilters {
  state?: PublicationState;
  year?: number;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
}

/** GET /publication/broadcast/{id}/recipient: the table's page, state filter and search. */
export interface RecipientQuery {
  page: number;
  state?: RecipientState;
  search: string;
}

/**
 * Query keys of publications, all under ['publication']: broadcasts (lists, one, its recipients),
 * the opt-out list and stop words, and status posts.
 */
export const publicationKeys = {
  all: () => ['publication'] as const,
  broadcasts: () => ['publication', 'broadcast'] as const,
  broadcastLists: () => ['publication', 'broadcast', 'list'] as const,
  broadcastList: (filters: PublicationFilters, search: string) =>
    ['publication', 'broadcast', 'list', filters, search] as const,
  broadcast: (id: string) => ['publication', 'broadcast', 'one', id] as const,
  recipients: (id: string) => ['publication', 'broadcast', 'recipient', id] as const,
  recipientPage: (id: string, query: RecipientQuery) =>
    ['publication', 'broadcast', 'recipient', id, query] as const,
  preview: (body: BroadcastPreviewBody) => ['publication', 'broadcast', 'preview', body] as const,
  optOuts: () => ['publication', 'opt-out'] as const,
  optOutList: (search: string) => ['publication', 'opt-out', 'list', search] as const,
  stopWords: () => ['publication', 'stop-words'] as const,
  statuses: () => ['publication', 'status'] as const,
  statusLists: () => ['publication', 'status', 'list'] as const,
  statusList: (filters: PublicationFilters) => ['publication', 'status', 'list', filters] as const,
  status: (id: string) => ['publication', 'status', 'one', id] as const,
};
