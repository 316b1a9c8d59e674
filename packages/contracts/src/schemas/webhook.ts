import { z } from 'zod';
import { WEBHOOK_MESSAGES } from '../catalogue/webhook';
import { paged } from './common';
import { message } from './message';
import { ACCOUNT_STATUSES } from './whatsapp';

/**
 * A number's outbound webhook (issue 26): the owner sets a URL per number; the number's events are
 * POSTed there as JSON, signed with the number's webhook secret (header `Sapa-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`), retried with exponential backoff for
 * 24 h, in order per chat. Every event carries an `id`: a replayed or retried event keeps its id.
 */

export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.status',
  'account.connection',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a status event reports: the inbox's statuses said the way a developer expects. */
export const WEBHOOK_MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

const envelope = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    /** the event's id (`evt_...`): the same on every retry and replay, to deduplicate on */
    id: z.string(),
    type: z.literal(type),
    /** when the event happened (ISO 8601, UTC) */
    createdAt: z.string(),
    /** the number (account) the event belongs to */
    accountId: z.string(),
    data,
  });

export const webhookMessageReceived = envelope(
  'message.received',
  z.object({
    chat: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
    message,
  }),
);
export const webhookMessageStatus = envelope(
  'message.status',
  z.object({
    chatId: z.string(),
    /** the message's id in Sapa (as POST /api/v1/messages answered it) */
    messageId: z.string(),
    temporaryId: z.string().nullable(),
    status: z.enum(WEBHOOK_MESSAGE_STATUSES),
    /** why it failed (Indonesian), with status 'failed' */
    error: z.string().nullable(),
  }),
);
export const webhookAccountConnection = envelope(
  'account.connection',
  z.object({
    status: z.enum(ACCOUNT_STATUSES),
    /** why it is not connected (Indonesian), or null */
    reason: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
);
export const webhookTest = envelope('webhook.test', z.object({ message: z.string() }));

export const webhookEvent = z.discriminatedUnion('type', [
  webhookMessageReceived,
  webhookMessageStatus,
  webhookAccountConnection,
  webhookTest,
]);
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The webhook's URL: http(s), absolute, no credentials, at most 2,000 characters. */
export const webhookUrlField = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(2000, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, WEBHOOK_MESSAGES.urlCredentials);

/** PUT /api/account/whatsapp/{id}/webhook */
export const webhookSaveBody = z.object({
  url: webhookUrlField,
  enabled: z.boolean().default(true),
});
export type WebhookSaveBody = z.input<typeof webhookSaveBody>;

export const webhookSettings = z.object({
  url: z.string(),
  enabled: z.boolean(),
  /** why the dispatcher turned it off (Indonesian), or null */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookSettings = z.infer<typeof webhookSettings>;

/** GET: the number's webhook, or null before one is set */
export const webhookSettingsResponse = z.object({ webhook: webhookSettings.nullable() });
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponse>;

/** PUT: the webhook saved; `secret` only when it was made now (the first save): shown once */
export const webhookSaveResponse = z.object({
  message: z.string(),
  webhook: webhookSettings,
  secret: z.string().nullable(),
});
export type WebhookSaveResponse = z.infer<typeof webhookSaveResponse>;

/** POST .../webhook/rotate-secret: the new secret, shown once */
export const webhookSecretResponse = z.object({ message: z.string(), secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponse>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event in the delivery log: where its delivery stands. */
export const webhookDelivery = z.object({
  _id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** the next attempt, while pending */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** the JSON body as POSTed */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;
export const webhookDeliveryPage = paged(webhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

export const webhookDeliveryParams = z.object({ id: z.string().min(1), deliveryId: z.string().min(1) });

/**
 * The documented way to verify a delivery (Node.js 18+), shown on the documentation page and run by
 * the end-to-end test as it is written here.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * rawBody: the request body exactly as received (a string or Buffer, before JSON.parse);
 * header: the Sapa-Signature header; secret: the number's webhook secret (whsec_...).
 * Returns the parsed event, or throws when the signature is wrong or older than 5 minutes.
 */
export function verifySapaWebhook(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header ?? '').split(',').map((part) => part.trim().split('=')),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw new Error('signature missing');
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) throw new Error('signature too old');
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\`).update(rawBody).digest();
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('signature mismatch');
  }
  return JSON.parse(rawBody.toString());
}
`;
