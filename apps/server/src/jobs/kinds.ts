import { WITHDRAWAL_STATUSES } from '@sapa/contracts';
import { z } from 'zod';

/** What every kind of job declares (STYLE §8): its payload, its retries and its lease. */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  /** Checked when the job is enqueued and again when it runs; a payload it refuses fails the job for good. */
  payload: S;
  /** Attempts before the job fails for good (backoff between them: 0.5 s doubling, at most a minute). */
  maxAttempts: number;
  /** A lease longer than the runner's minute, for jobs that may stall between heartbeats. */
  lockMs?: number;
  /**
   * For a kind with runBatch: how long after a batch starts the next one of the kind waits, so that a
   * burst's jobs gather into fewer, larger batches (a batch's statements shared by more jobs) instead
   * of the runner claiming every few jobs as they come. A job that finds the kind quiet starts at
   * once; a batch that filled the runner's room does not make the next wait.
   */
  gatherMs?: number;
  /** What the kind's `onFinalFailure` leaves behind when the last attempt fails (for the reader). */
  finalFailure: string;
}

const id = z.string().min(1);

/**
 * Every kind of job the runner knows: its name, payload schema, retries and what a final failure
 * leaves. The handlers live with the module that owns the rows (`ctx.jobs.define`, each called from
 * app.ts), typed by the kind's payload, as is `ctx.jobs.enqueue`.
 */
export const JOB_KINDS = {
  /** modules/chat/send-job.ts: hands a stored pending message to its account's connector. */
  'message.send': {
    payload: z.object({ messageId: id }),
    maxAttempts: 5,
    // a public API burst: ~50 ms more before a send leaves, for a third of the statements a message
    gatherMs: 50,
    finalFailure: "the message's status becomes 'error' with the reason (realtime message.updated)",
  },
  /**
   * modules/chat/send-job.ts: hands many stored pending messages (a broadcast's batch) to their
   * connectors at once; their statuses move in one transaction.
   */
  'message.send-many': {
    payload: z.object({ messageIds: z.array(id).min(1).max(1000) }),
    maxAttempts: 5,
    finalFailure: "each message still pending becomes 'error' with the reason (realtime message.updated)",
  },
  /** modules/group/import/job.ts: reads an uploaded spreadsheet into a contact group. */
  'contact-import': {
    payload: z.object({ importId: id }),
    maxAttempts: 3,
    // a 500,000-row import takes minutes; a crashed one resumes after this
    lockMs: 10 * 60_000,
    finalFailure: "the import is 'failed' (unless cancelled meanwhile) and its file removed",
  },
  /** channels/sandbox: the simulated customers' delivery receipts of a batch sent at once. */
  'sandbox.receipts': {
    payload: z.object({ messageIds: z.array(id).min(1).max(1000), status: z.enum(['unread', 'read']) }),
    maxAttempts: 5,
    gatherMs: 100,
    finalFailure: 'nothing: the messages keep their status (the receipts never arrived)',
  },
  /** channels/sandbox: the simulated customer's delivery receipt, a moment after a send. */
  'sandbox.receipt': {
    payload: z.object({ messageId: id, status: z.enum(['unread', 'read']) }),
    maxAttempts: 5,
    finalFailure: 'nothing: the message keeps its status (a receipt never arrived)',
  },
  /**
   * modules/publication/broadcast: stores the next recipients' messages of a running broadcast (paced
   * per sender number), then enqueues itself again until no recipient is pending.
   */
  'broadcast.dispatch': {
    payload: z.object({ broadcastId: id }),
    maxAttempts: 8,
    finalFailure: "the broadcast is 'paused' with the reason; resuming it continues where it stopped",
  },
  /** modules/chat/state.ts: a snoozed chat opens again at its time (issue 21). */
  'chat.wake': {
    payload: z.object({ chatId: id }),
    maxAttempts: 5,
    finalFailure: 'the chat stays snoozed until its customer writes or someone reopens it',
  },
  /** modules/publication/status: posts one due run of a WhatsApp Status post. */
  'status.post': {
    payload: z.object({ postId: id, dueAt: z.iso.datetime() }),
    maxAttempts: 5,
    finalFailure: "the run is 'failed' with the reason; a recurring post still schedules its next run",
  },
  /**
   * modules/billing/notices.ts: mails the owner that their payment arrived, with the invoice PDF.
   * Enqueued in the paying transaction.
   */
  'billing.paid-mail': {
    payload: z.object({ transactionId: id }),
    maxAttempts: 5,
    finalFailure: 'nothing: the payment stands, only its mail is not sent (logged)',
  },
  /**
   * modules/billing/notices.ts: mails the owner their commission withdrawal's new state (approved,
   * paid, rejected). With `status`, a job that runs after the withdrawal moved on sends nothing: the
   * later state's own job mails it.
   */
  'billing.withdrawal-mail': {
    payload: z.object({
      withdrawalId: id,
      status: z.enum(WITHDRAWAL_STATUSES).optional(),
    }),
    maxAttempts: 5,
    finalFailure: 'nothing: the withdrawal keeps its state, only its mail is not sent (logged)',
  },
  /**
   * channels/meta/webhook.ts: processes one verified webhook delivery of Meta (Messenger, Instagram,
   * WhatsApp Cloud API) through the channels' ingest; replays are harmless (dedupe on message ids).
   */
  'meta.webhook': {
    payload: z.object({ object: z.string().min(1), entry: z.array(z.unknown()) }),
    maxAttempts: 8,
    finalFailure: "the delivery's events are lost (logged); Meta does not send them again once answered 200",
  },
  /**
   * modules/webhook: mails the owner that a number's webhook was turned off (an event failed for
   * 24 h). Enqueued in the transaction that turned it off.
   */
  'webhook.disabled-mail': {
    payload: z.object({ accountId: id }),
    maxAttempts: 5,
    finalFailure: 'nothing: the webhook stays off (the settings page says why), only the mail is not sent',
  },
} as const satisfies Record<string, JobKind>;

export type JobName = keyof typeof JOB_KINDS;
export type JobPayload<N extends JobName> = z.output<(typeof JOB_KINDS)[N]['payload']>;

/** The kind of a job name, when it is one of ours (tests define ad-hoc kinds of their own). */
export function jobKindOf(name: string): JobKind | undefined {
  return Object.hasOwn(JOB_KINDS, name) ? JOB_KINDS[name as JobName] : undefined;
}
