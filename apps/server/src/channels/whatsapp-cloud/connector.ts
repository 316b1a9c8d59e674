import {
  type ContactMedia,
  type DocumentMedia,
  type LocationMedia,
  INTEGRATION_MESSAGES as M,
  t,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { findMessage, findMessageByExternalId, recordExternalId } from '../../modules/chat/kernel';
import {
  PermanentSendError,
  type AccountRow,
  type ChatRow,
  type Connector,
  type MessageRow,
} from '../connector';
import { GraphError, graph } from '../meta/graph';
import { linkOf, markTokenInvalid } from '../meta/link-store';
import { sendFailure } from './errors';
import { isPhoneId } from './identity';
import { WHATSAPP_CLOUD } from './inbound';
import { uploadMedia } from './media';
import type { TemplateExtra } from './templates';

/** Meta's limits (channels reference §3.3): a text body, a media caption. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;

/** The template of a message, or null. */
export function templateOf(message: Pick<MessageRow, 'channelExtra'>): TemplateExtra | null {
  const extra = message.channelExtra as { template?: TemplateExtra } | null;
  return extra?.template?.name ? extra.template : null;
}

/**
 * Who a chat's messages go to: its phone number (`to`) when known, else the business-scoped user id
 * (`recipient`, for a user who hides their number behind a username).
 */
export function addressOf(chat: Pick<ChatRow, 'externalId' | 'contactPhone'>): Record<string, string> {
  const phone = chat.contactPhone.replace(/\D/g, '');
  if (isPhoneId(phone)) return { to: phone };
  if (isPhoneId(chat.externalId)) return { to: chat.externalId };
  return { recipient: chat.externalId };
}

interface Sending {
  ctx: AppContext;
  message: MessageRow;
  phoneNumberId: string;
  token: string;
}

/** The media object of a stored file: uploaded to the number first (Meta's links would need a public url). */
async function mediaPart(s: Sending, url: string, extra: Record<string, string> = {}) {
  const uploaded = await uploadMedia(s.ctx, {
    ownerId: s.message.ownerId,
    phoneNumberId: s.phoneNumberId,
    token: s.token,
    url,
  });
  if ('filename' in extra)
    return { id: uploaded.id, ...extra, filename: extra.filename || uploaded.name || 'dokumen' };
  return { id: uploaded.id, ...extra };
}

function captionOf(message: MessageRow): Record<string, string> {
  return message.text ? { caption: message.text.slice(0, CAPTION_MAX) } : {};
}

/** The type-specific part of a send (channels reference §3.3) for one stored message. */
async function contentOf(s: Sending): Promise<Record<string, unknown>> {
  const { message } = s;
  const media = (message.media ?? {}) as Record<string, unknown>;
  const template = templateOf(message);
  if (template) {
    const parameters = template.parameters.map((text, i) => ({
      type: 'text',
      text,
      ...(template.parameterNames?.[i] ? { parameter_name: template.parameterNames[i] } : {}),
    }));
    return {
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        ...(parameters.length ? { components: [{ type: 'body', parameters }] } : {}),
      },
    };
  }
  switch (message.type) {
    case 'image':
    case 'video':
      return {
        type: message.type,
        [message.type]: await mediaPart(s, String(media.url ?? ''), captionOf(message)),
      };
    case 'audio':
    case 'sticker':
      return { type: message.type, [message.type]: await mediaPart(s, String(media.url ?? '')) };
    case 'document': {
      const d = media as unknown as DocumentMedia;
      return {
        type: 'document',
        document: await mediaPart(s, d.url, { ...captionOf(message), filename: d.name ?? '' }),
      };
    }
    case 'location': {
      const l = media as unknown as LocationMedia;
      return {
        type: 'location',
        location: {
          latitude: l.latitude,
          longitude: l.longitude,
          ...(l.name ? { name: l.name } : {}),
          ...(l.address ? { address: l.address } : {}),
        },
      };
    }
    case 'contact': {
      const c = media as unknown as ContactMedia;
      const digits = `${c.dial ?? ''}${(c.phoneNumber ?? '').replace(/^0+/, '')}`.replace(/\D/g, '');
      return {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: c.name, first_name: c.name },
            phones: [{ phone: `+${digits}`, type: 'CELL', wa_id: digits }],
          },
        ],
      };
    }
    default:
      return { type: 'text', text: { body: message.text.slice(0, TEXT_MAX), preview_url: false } };
  }
}

/** The wamid of the message a reply quotes, when we know it. */
async function contextOf(ctx: AppContext, message: MessageRow): Promise<Record<string, unknown>> {
  if (!message.quotedMessageId) return {};
  const quoted = await findMessage(ctx, message.accountId, message.quotedMessageId);
  return quoted?.externalId ? { context: { message_id: quoted.externalId } } : {};
}

/** Read receipts considered at once: marking one read marks every earlier one read too. */
const READ_IDS_MAX = 200;

/** The newest of these inbound messages (a read receipt for it covers the others), or null. */
async function latestOf(ctx: AppContext, accountId: string, externalIds: string[]): Promise<string | null> {
  let latest: MessageRow | null = null;
  for (const id of externalIds.slice(0, READ_IDS_MAX)) {
    const row = await findMessageByExternalId(ctx, accountId, id);
    if (row && !row.isFromMe && (!latest || row.createdAt > latest.createdAt)) latest = row;
  }
  return latest?.externalId ?? null;
}

/**
 * The 'whatsapp-cloud' connector (issue 25 part 5): a number on Meta's official Cloud API. Sends every
 * spec type (files are uploaded to the number first), templates from messages.channel_extra, replies
 * with their context; the wamid is recorded as soon as Meta answers. Idempotent on the message: one
 * that already has its wamid is not sent again. Refusals become Indonesian errors (errors.ts).
 */
export function whatsappCloudConnector(ctx: AppContext): Connector {
  return {
    provider: WHATSAPP_CLOUD,

    async send(account: AccountRow, chat: ChatRow, message: MessageRow) {
      if (message.externalId) return { externalId: message.externalId };
      const linked = await linkOf(ctx, account.id);
      if (!linked) throw new PermanentSendError(t('chat.accountDisconnected'));
      if (linked.link.tokenInvalidAt) throw new PermanentSendError(M['send.tokenInvalid']);
      const sending: Sending = {
        ctx,
        message,
        phoneNumberId: linked.link.externalId,
        token: linked.token,
      };
      let answer: { messages?: { id?: string }[] };
      try {
        const content = await contentOf(sending);
        answer = await graph(ctx.config.meta, {
          method: 'POST',
          path: `/${encodeURIComponent(sending.phoneNumberId)}/messages`,
          token: linked.token,
          body: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            ...addressOf(chat),
            ...(await contextOf(ctx, message)),
            ...content,
          },
        });
      } catch (error) {
        if (error instanceof PermanentSendError) throw error;
        throw await sendFailure(ctx, account.id, error);
      }
      const externalId = answer.messages?.[0]?.id;
      if (!externalId) throw new Error(M.metaUnreachable);
      // at once: the statuses of this wamid may come before the send job records it
      await recordExternalId(ctx, message.id, externalId);
      return { externalId };
    },

    async markRead(account: AccountRow, _chat: ChatRow, externalIds: string[]) {
      try {
        const latest = await latestOf(ctx, account.id, externalIds);
        if (!latest) return;
        const linked = await linkOf(ctx, account.id);
        if (!linked || linked.link.tokenInvalidAt) return;
        await graph(ctx.config.meta, {
          method: 'POST',
          path: `/${encodeURIComponent(linked.link.externalId)}/messages`,
          token: linked.token,
          body: { messaging_product: 'whatsapp', status: 'read', message_id: latest },
        });
      } catch (error) {
        if (error instanceof GraphError && error.tokenInvalid) {
          await markTokenInvalid(ctx, account.id).catch(() => undefined);
        }
        ctx.log.info(
          { accountId: account.id, err: error instanceof Error ? error.message : String(error) },
          'cloud read receipt not sent',
        );
      }
    },
  };
}
