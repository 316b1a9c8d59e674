import type { MessageStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { open } from '../../lib/secret-box';
import {
  applyStatus,
  findMessageByExternalId,
  ingestInbound,
  recordPricing,
} from '../../modules/chat/kernel';
import type { AccountRow } from '../connector';
import type { MetaDelivery } from '../meta/webhook';
import { accountForExternal, type ChannelLinkRow } from '../meta/link-store';
import { mapCloudContent, type CloudMessage } from './content';
import { cloudErrorText } from './errors';
import { resolveContact, userIdOf, waIdOf, type CloudUser } from './identity';

export const WHATSAPP_CLOUD = 'whatsapp-cloud';

/** A contact of a messages notification: who wrote, with the name on their profile. */
interface CloudContact {
  wa_id?: string;
  user_id?: string;
  profile?: { name?: string; username?: string };
}

/** A status of one of the number's messages (channels reference §3.2, §3.5). */
interface CloudStatus {
  id?: string;
  status?: string;
  pricing?: { category?: string };
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

/** The value of one change: a 'messages' notification or an 'smb_message_echoes' one. */
interface CloudValue {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: CloudContact[];
  messages?: CloudMessage[];
  statuses?: CloudStatus[];
  message_echoes?: CloudMessage[];
}

/** The number a notification is about: its account, its link, and its token when media needs it. */
interface LinkedNumber {
  account: AccountRow;
  link: ChannelLinkRow;
  token: () => string;
}

const STATUS_OF: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'unread',
  read: 'read',
  played: 'read',
  failed: 'error',
};

/**
 * The 'whatsapp_business_account' webhook object (onMetaWebhook), run by the 'meta.webhook' job:
 * each change goes to the account of its `metadata.phone_number_id` - a number no tenant has is
 * logged and dropped, so a delivery never lands in another tenant's inbox. Field 'messages' carries
 * customers' messages and the statuses of ours; 'smb_message_echoes' the messages typed in the
 * WhatsApp Business app of a coexistence number, stored as outbound. Replays are harmless: messages
 * dedupe on their wamid, statuses only move forward. A failure (the database) throws and the job
 * runs the delivery again.
 */
export async function handleCloudDelivery(ctx: AppContext, delivery: MetaDelivery): Promise<void> {
  for (const entry of delivery.entry) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes as { field?: string; value?: CloudValue }[]) {
      if (change?.field !== 'messages' && change?.field !== 'smb_message_echoes') {
        ctx.log.info({ field: change?.field }, 'cloud webhook field ignored');
        continue;
      }
      const value = change.value ?? {};
      const number = await numberOf(ctx, value.metadata?.phone_number_id);
      if (!number) continue;
      if (change.field === 'messages') {
        for (const message of value.messages ?? []) await receive(ctx, number, value.contacts ?? [], message);
        for (const status of value.statuses ?? []) await applyCloudStatus(ctx, number.account.id, status);
      } else {
        for (const echo of value.message_echoes ?? value.messages ?? [])
          await receiveEcho(ctx, number, value.contacts ?? [], echo);
      }
    }
  }
}

async function numberOf(ctx: AppContext, phoneNumberId: string | undefined): Promise<LinkedNumber | null> {
  if (!phoneNumberId) return null;
  const found = await accountForExternal(ctx, WHATSAPP_CLOUD, phoneNumberId);
  if (!found) {
    ctx.log.warn({ phoneNumberId }, 'cloud webhook for a number no account has: dropped');
    return null;
  }
  let token: string | undefined;
  return { ...found, token: () => (token ??= open(ctx.config, found.link.tokenSealed)) };
}

/** The contact entry of a user, by wa_id or BSUID; the only one when the notification has one. */
function contactOf(contacts: CloudContact[], user: CloudUser): CloudContact | undefined {
  return (
    contacts.find(
      (c) =>
        (user.waId && waIdOf(c.wa_id) === user.waId) || (user.userId && userIdOf(c.user_id) === user.userId),
    ) ?? (contacts.length === 1 ? contacts[0] : undefined)
  );
}

/** The user of a message and its contact entry, each filling what the other lacks. */
function userOf(contacts: CloudContact[], ids: CloudUser): { user: CloudUser; contact?: CloudContact } {
  const contact = contactOf(contacts, ids);
  return {
    contact,
    user: {
      waId: ids.waId ?? waIdOf(contact?.wa_id),
      userId: ids.userId ?? userIdOf(contact?.user_id),
    },
  };
}

function sentAtOf(ctx: AppContext, timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : ctx.clock.now();
}

async function store(
  ctx: AppContext,
  number: LinkedNumber,
  message: CloudMessage,
  who: { user: CloudUser; contact?: CloudContact },
  fromMe: boolean,
): Promise<void> {
  const { account } = number;
  if (!message.id) return;
  // a replay (Meta's or the job's own retry) is not downloaded again
  if (await findMessageByExternalId(ctx, account.id, message.id)) return;
  const resolved = await resolveContact(ctx, account.id, who.user);
  if (!resolved) {
    ctx.log.warn({ accountId: account.id, id: message.id }, 'cloud message without a sender id: dropped');
    return;
  }
  const content = await mapCloudContent(ctx, message, {
    ownerId: account.ownerId,
    accountId: account.id,
    token: number.token,
  });
  if (content === 'skip') return;
  const profile = who.contact?.profile;
  const name = profile?.name || profile?.username || resolved.phone || resolved.externalId;
  await ingestInbound(
    ctx,
    {
      accountId: account.id,
      externalId: message.id,
      contact: { externalId: resolved.externalId, name, phone: resolved.phone },
      type: content.type,
      text: content.text,
      media: content.media,
      quotedExternalId: message.context?.id ?? null,
      sentAt: sentAtOf(ctx, message.timestamp),
    },
    { fromMe },
  );
}

/** A customer's message: keyed by wa_id or BSUID (identity.ts), never with an invented phone. */
function receive(ctx: AppContext, number: LinkedNumber, contacts: CloudContact[], message: CloudMessage) {
  const who = userOf(contacts, { waId: waIdOf(message.from), userId: userIdOf(message.from_user_id) });
  return store(ctx, number, message, who, false);
}

/**
 * A message the business typed in the WhatsApp Business app (coexistence, channels reference §3.6):
 * `to` is the customer; stored as outbound 'sent', not as the customer's last word.
 */
function receiveEcho(ctx: AppContext, number: LinkedNumber, contacts: CloudContact[], echo: CloudMessage) {
  const who = userOf(contacts, { waId: waIdOf(echo.to), userId: userIdOf(echo.to_user_id) });
  return store(ctx, number, echo, who, true);
}

/**
 * A status of one of the number's messages (channels reference §3.5): forward only, so statuses out
 * of order or repeated change nothing ('read' without 'delivered' is fine); 'failed' keeps the first
 * error's meaning in Indonesian (131047 explained); the pricing category is recorded when Meta says.
 */
export async function applyCloudStatus(
  ctx: AppContext,
  accountId: string,
  status: CloudStatus,
): Promise<void> {
  if (!status.id) return;
  const to = STATUS_OF[status.status ?? ''];
  if (to) {
    const error = status.errors?.[0];
    const errorMessage =
      to === 'error' ? cloudErrorText(error?.code, error?.error_data?.details || error?.title) : null;
    await applyStatus(ctx, { accountId, externalId: status.id }, to, errorMessage);
  }
  const category = status.pricing?.category;
  if (typeof category === 'string' && /^[a-z_]{1,40}$/i.test(category)) {
    await recordPricing(ctx, accountId, status.id, category.toLowerCase());
  }
}
