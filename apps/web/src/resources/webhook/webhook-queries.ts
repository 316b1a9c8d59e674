import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookSaveBody,
  WebhookSaveResponse,
  WebhookSecretResponse,
  WebhookSettingsResponse,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { useMutationThen } from '../../lib/query-hooks';

/** One page of a number's delivery log: the page and the status filter (none: every status). */
export interface DeliveryQuery {
  page: number;
  status?: WebhookDeliveryStatus;
}

/** Rows a page of the delivery log holds. */
export const DELIVERY_PAGE_SIZE = 20;

/**
 * Query keys of a number's outbound webhook (issue 26), all under ['webhook', accountId]: its
 * settings and the pages of its delivery log.
 */
export const webhookKeys = {
  all: () => ['webhook'] as const,
  of: (accountId: string) => ['webhook', accountId] as const,
  settings: (accountId: string) => ['webhook', accountId, 'settings'] as const,
  deliveries: (accountId: string) => ['webhook', accountId, 'delivery'] as const,
  deliveryPage: (accountId: string, query: DeliveryQuery) =>
    ['webhook', accountId, 'delivery', query] as const,
};

const webhookPath = (accountId: string, rest = '') =>
  `/account/whatsapp/${encodeURIComponent(accountId)}/webhook${rest}`;

function refreshDeliveries(queryClient: QueryClient, accountId: string): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(accountId) });
}

/** GET /account/whatsapp/{id}/webhook: the number's webhook, `{ webhook: null }` before one is set. */
export function useWebhook(accountId: string | null) {
  return useQuery({
    queryKey: webhookKeys.settings(accountId ?? ''),
    queryFn: ({ signal }) =>
      api.get<WebhookSettingsResponse>(webhookPath(accountId ?? ''), undefined, signal),
    enabled: !!accountId,
    staleTime: 0,
  });
}

/**
 * GET .../webhook/deliveries: a page of the log, newest first; read again every `pollMs` (while
 * someone watches retries), the last page staying on screen while the next one loads.
 */
export function useWebhookDeliveries(accountId: string | null, query: DeliveryQuery, pollMs: number | false) {
  return useQuery({
    queryKey: webhookKeys.deliveryPage(accountId ?? '', query),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryPage>(
        webhookPath(accountId ?? '', '/deliveries'),
        { page: query.page, limit: DELIVERY_PAGE_SIZE, status: query.status },
        signal,
      ),
    enabled: !!accountId,
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** PUT .../webhook: URL and on/off; the answer's `secret` is set on the first save only (shown once). */
export function useSaveWebhook() {
  return useMutationThen(
    ({ accountId, ...body }: WebhookSaveBody & { accountId: string }) =>
      api.put<WebhookSaveResponse>(webhookPath(accountId), body),
    (queryClient, answer, { accountId }) => {
      queryClient.setQueryData<WebhookSettingsResponse>(webhookKeys.settings(accountId), {
        webhook: answer.webhook,
      });
    },
  );
}

/** DELETE .../webhook: the webhook and its delivery log. */
export function useDeleteWebhook() {
  return useMutationThen(
    (accountId: string) => api.delete<MessageResponse>(webhookPath(accountId)),
    (queryClient, _answer, accountId) => {
      queryClient.setQueryData<WebhookSettingsResponse>(webhookKeys.settings(accountId), { webhook: null });
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(accountId) });
    },
  );
}

/** POST .../webhook/rotate-secret: a new secret at once (the old one stops signing), shown once. */
export function useRotateWebhookSecret() {
  return useMutationThen(
    (accountId: string) => api.post<WebhookSecretResponse>(webhookPath(accountId, '/rotate-secret')),
    () => undefined,
  );
}

/** POST .../webhook/test: a 'webhook.test' event, delivered like any other; it heads the log. */
export function useSendWebhookTest() {
  return useMutationThen(
    (accountId: string) => api.post<WebhookDelivery>(webhookPath(accountId, '/test')),
    (queryClient, _delivery, accountId) => refreshDeliveries(queryClient, accountId),
  );
}

/** POST .../webhook/deliveries/{deliveryId}/replay: the event goes out again (same id), pending again. */
export function useReplayDelivery() {
  return useMutationThen(
    ({ accountId, deliveryId }: { accountId: string; deliveryId: string }) =>
      api.post<WebhookDelivery>(
        webhookPath(accountId, `/deliveries/${encodeURIComponent(deliveryId)}/replay`),
      ),
    (queryClient, delivery, { accountId }) => {
      // the row turns 'Menunggu' at once; the filtered pages follow from the server
      queryClient.setQueriesData<WebhookDeliveryPage>(
        { queryKey: webhookKeys.deliveries(accountId) },
        (page) =>
          page ? { ...page, docs: page.docs.map((d) => (d._id === delivery._id ? delivery : d)) } : page,
      );
      return refreshDeliveries(queryClient, accountId);
    },
  );
}
