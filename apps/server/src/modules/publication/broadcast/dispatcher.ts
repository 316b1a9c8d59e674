import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { textArray } from '../../../db/sql';
import {
  fillVariables,
  PUBLICATION_MESSAGES as M,
  type BroadcastMessage,
  type MessageType,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { accounts, broadcastRecipients, broadcasts } from '../../../db/schema';
import type { AccountRow } from '../../../channels/connector';
import { RetryLaterError } from '../../../jobs/runner';
import { storeOutboundMany, type ManyOutboundItem, type ResolvedContent } from '../../chat/kernel';
import { pacingOf, takeBulkSlot } from './pacing';
import { adjustCounters, changed } from './counters';
import { DISPATCH_JOB, pauseWithReason } from './service';
import { sendingRefusalFor } from '../../billing/subscription';

/** How long one run of the dispatch job works before it hands the runner back (then it runs again). */
const SLICE_MS = 10_000;
/** Recipients stored in one transaction when pacing is off (load tests). */
const UNPACED_BATCH = 100;
/** When no sender has a slot this soon, the job comes back at the earliest slot instead of waiting. */
const MAX_WAIT_MS = 5_000;

type BroadcastRow = typeof broadcasts.$inferSelect;
type RecipientRow = typeof broadcastRecipients.$inferSelect;

/** The broadcast's senders that can send now: the owner's, connected and not removed. */
async function connectedSenders(ctx: AppContext, broadcast: BroadcastRow): Promise<AccountRow[]> {
  const rows = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerId, broadcast.ownerId), inArray(accounts.id, broadcast.accountIds)));
  return broadcast.accountIds.flatMap((id) => {
    const a = rows.find((r) => r.id === id);
    return a && !a.deletedAt && a.status === 'connected' ? [a] : [];
  });
}

/** The next recipients not yet stored, in sending order. */
async function nextRecipients(ctx: AppContext, broadcastId: string, limit: number): Promise<RecipientRow[]> {
  return ctx.db
    .select()
    .from(broadcastRecipients)
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcastId),
        eq(broadcastRecipients.state, 'pending'),
        isNull(broadcastRecipients.messageId),
      ),
    )
    .orderBy(broadcastRecipients.position)
    .limit(limit);
}

/** The broadcast's message for one recipient: their values and the fallbacks in its text. */
function contentFor(broadcast: BroadcastRow, recipient: RecipientRow): ResolvedContent {
  const message = broadcast.message as BroadcastMessage;
  const values = { nama: recipient.name, nomor: recipient.phone, ...recipient.values };
  const media = message.type === 'text' ? null : (message[message.type as keyof BroadcastMessage] as object);
  return {
    type: message.type as MessageType,
    text: fillVariables(message.text, values, broadcast.fallbacks),
    media: (media ?? null) as ResolvedContent['media'],
  };
}

/**
 * Numbers never messaged from this sender are checked on WhatsApp first (channels reference §1.9:
 * messaging numbers that are not registered has restricted accounts); those that are not are skipped.
 * Returns the recipients to send.
 */
async function dropUnregistered(
  ctx: AppContext,
  broadcast: BroadcastRow,
  planned: { recipient: RecipientRow; sender: AccountRow }[],
): Promise<{ recipient: RecipientRow; sender: AccountRow }[]> {
  const unregistered = new Set<string>();
  const bySender = new Map<string, { sender: AccountRow; phones: string[] }>();
  for (const { recipient, sender } of planned) {
    const entry = bySender.get(sender.id) ?? { sender, phones: [] };
    entry.phones.push(recipient.phone);
    bySender.set(sender.id, entry);
  }
  for (const { sender, phones } of bySender.values()) {
    const connector = ctx.connectors.get(sender.provider);
    if (!connector?.checkNumbers) continue;
    const known = (await ctx.db.execute(sql`select external_id from chats
        where account_id = ${sender.id} and external_id = any(${textArray(phones)})`)) as unknown as {
      rows: { external_id: string }[];
    };
    const fresh = phones.filter((p) => !known.rows.some((k) => k.external_id === p));
    if (!fresh.length) continue;
    const registered = await connector.checkNumbers(sender, fresh);
    for (const phone of fresh) if (registered.get(phone) === false) unregistered.add(`${sender.id}:${phone}`);
  }
  const skip = planned.filter(({ recipient, sender }) => unregistered.has(`${sender.id}:${recipient.phone}`));
  if (skip.length) {
    await ctx.db.transaction(async (tx) => {
      const skipped = await tx
        .update(broadcastRecipients)
        .set({ state: 'skipped', reason: M.reasonNotOnWhatsapp })
        .where(
          and(
            inArray(
              broadcastRecipients.id,
              skip.map(({ recipient }) => recipient.id),
            ),
            eq(broadcastRecipients.state, 'pending'),
            isNull(broadcastRecipients.messageId),
          ),
        )
        .returning({ id: broadcastRecipients.id });
      await adjustCounters(tx, broadcast.id, { pending: -skipped.length, skipped: skipped.length });
    });
    changed(ctx, broadcast.ownerId, broadcast.id);
  }
  return planned.filter(({ recipient, sender }) => !unregistered.has(`${sender.id}:${recipient.phone}`));
}

/**
 * Stores the planned recipients' messages in their chats (through the chat kernel) and marks each
 * recipient with its message, in one transaction: a recipient gets a message at most once, however
 * the process dies. The message id is the recipient's id, so even two dispatchers racing for one
 * recipient store one message.
 */
async function storeMessages(
  ctx: AppContext,
  broadcast: BroadcastRow,
  planned: { recipient: RecipientRow; sender: AccountRow }[],
): Promise<void> {
  const items: ManyOutboundItem[] = planned.map(({ recipient, sender }) => ({
    messageId: recipient.id,
    accountId: sender.id,
    phone: recipient.phone,
    name: recipient.name,
    content: contentFor(broadcast, recipient),
  }));
  const senderOf = new Map(planned.map(({ recipient, sender }) => [recipient.id, sender.id]));
  await storeOutboundMany(ctx, broadcast.ownerId, items, async (tx, results) => {
    const created = results.filter((r) => r.created);
    if (!created.length) return;
    await tx.execute(sql`update ${broadcastRecipients} set message_id = v.message_id, chat_id = v.chat_id,
        account_id = v.account_id
      from unnest(${textArray(created.map((r) => r.messageId))}, ${textArray(created.map((r) => r.chatId))},
        ${textArray(created.map((r) => senderOf.get(r.messageId)!))}) as v(message_id, chat_id, account_id)
      where ${broadcastRecipients.id} = v.message_id and ${broadcastRecipients.messageId} is null`);
  });
}

/**
 * The 'broadcast.dispatch' job: while its broadcast runs, takes the next recipients in order, each
 * from the next sender (rotation) whose pacing allows a message now, and stores their messages; the
 * send jobs hand them to WhatsApp. Comes back later (RetryLaterError, no attempt used) when no sender
 * has a slot, and after SLICE_MS so one broadcast never holds the runner. A scheduled broadcast starts
 * here at its time; a broadcast whose senders are all disconnected pauses with the reason.
 */
export function defineDispatchJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: DISPATCH_JOB,
    async run({ broadcastId }) {
      const until = Date.now() + SLICE_MS;
      let rotation = 0;
      for (;;) {
        const [broadcast] = await ctx.db
          .select()
          .from(broadcasts)
          .where(eq(broadcasts.id, broadcastId))
          .limit(1);
        if (!broadcast) return;
        if (broadcast.state === 'scheduled') {
          const now = ctx.clock.now();
          if (broadcast.scheduledAt && broadcast.scheduledAt > now)
            throw new RetryLaterError(broadcast.scheduledAt.getTime() - now.getTime(), 'scheduled');
          await ctx.db
            .update(broadcasts)
            .set({ state: 'running', startedAt: now, updatedAt: now })
            .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.state, 'scheduled')));
          changed(ctx, broadcast.ownerId, broadcastId);
          continue;
        }
        if (broadcast.state !== 'running') return;
        // a subscription that ended mid-broadcast: the rest waits, paused with the reason, for a renewal
        const refusal = await sendingRefusalFor(ctx, broadcast.ownerId);
        if (refusal) {
          await pauseWithReason(ctx, broadcastId, refusal.message);
          return;
        }
        const senders = await connectedSenders(ctx, broadcast);
        if (!senders.length) {
          await pauseWithReason(ctx, broadcastId, M.reasonDisconnected);
          return;
        }
        const paced = senders.map((sender) => ({ sender, pacing: pacingOf(ctx, sender) }));
        let planned: { recipient: RecipientRow; sender: AccountRow }[];
        if (paced.every((p) => p.pacing === null)) {
          const recipients = await nextRecipients(ctx, broadcastId, UNPACED_BATCH);
          planned = recipients.map((recipient) => ({
            recipient,
            sender: senders[recipient.position % senders.length]!,
          }));
        } else {
          // the next sender in turn with a slot now; else come back at the earliest slot
          let chosen: AccountRow | null = null;
          let earliest = Infinity;
          for (let i = 0; i < paced.length && !chosen; i++) {
            const { sender, pacing } = paced[(rotation + i) % paced.length]!;
            const slot = pacing ? await takeBulkSlot(ctx, sender.id, pacing) : ({ ok: true } as const);
            if (slot.ok) {
              chosen = sender;
              rotation = (rotation + i + 1) % paced.length;
            } else earliest = Math.min(earliest, slot.retryAt.getTime());
          }
          if (!chosen) {
            const waitMs = Math.max(0, earliest - ctx.clock.now().getTime());
            if (waitMs <= MAX_WAIT_MS && Date.now() + waitMs < until) {
              await new Promise((resolve) => setTimeout(resolve, waitMs));
              continue;
            }
            throw new RetryLaterError(waitMs, 'paced');
          }
          planned = (await nextRecipients(ctx, broadcastId, 1)).map((recipient) => ({
            recipient,
            sender: chosen!,
          }));
        }
        if (!planned.length) {
          // every recipient is stored: the send jobs and receipts finish it (adjustCounters)
          return;
        }
        planned = await dropUnregistered(ctx, broadcast, planned);
        if (planned.length) await storeMessages(ctx, broadcast, planned);
        changed(ctx, broadcast.ownerId, broadcastId);
        if (Date.now() > until) throw new RetryLaterError(0, 'next slice');
        // what waits (an agent opening the inbox) is served between two batches
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async onFinalFailure({ broadcastId }, error) {
      const reason = error instanceof Error && error.message ? error.message : M.reasonNoSender;
      await pauseWithReason(ctx, broadcastId, M.reasonSendFailed.replace('{reason}', reason));
    },
  });
}
