import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_KEYS } from '@sapa/contracts';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { applyStatus } from '../chat/kernel';
import { sandboxAccessOf, sandboxAccountFor } from './access';
import { markBusinessMessagesRead } from './service';

/** The simulated customer reads a delivered message this long after it arrives on an open chat. */
const READ_DELAY_MS = 800;

/**
 * /ws/sandbox?accountId=&phoneNumber=&token= (or &key=): the simulator's live view of one conversation
 * of the caller's own sandbox account (see access.ts; anything else is closed with 1008). Business
 * messages (every type, with its quote and media) and their status changes are forwarded, and so
 * is a customer message deleted for everyone; while the socket is open they count as read. Every
 * socket of the account also gets the statuses the number posts ({type: 'sandbox.status', status}).
 */
export async function registerSimulatorGateway(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Map<string, Set<WebSocket>>();
  const byAccount = new Map<string, Set<WebSocket>>();
  const keyOf = (accountId: string, phone: string) => `${accountId}:${phone}`;

  const unsubscribe = ctx.bus.subscribe((bus) => {
    if (bus.kind === 'sandbox-status') {
      const frame = JSON.stringify(JSON.stringify({ type: 'sandbox.status', status: bus.status }));
      for (const socket of byAccount.get(bus.accountId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(frame);
      }
      return;
    }
    if (bus.kind !== 'tenant') return;
    const { chat, message } = bus.event;
    // the business's messages, and the customer's own once deleted for everyone (another tab did it)
    if (!chat || !message || (!message.isFromMe && message.type !== 'deleted')) return;
    const targets = open.get(keyOf(chat.accountId, chat.contact.phoneNumber));
    if (!targets?.size) return;
    const frame = JSON.stringify(
      JSON.stringify({
        type: 'sandbox.message',
        // what /api/sandbox/conversation gives for one message: its type, quote and media object
        message: {
          _id: message._id,
          type: message.type,
          text: message.text,
          isFromMe: message.isFromMe,
          status: message.status,
          createdAt: message.createdAt,
          quoted: message.quoted,
          ...Object.fromEntries(MEDIA_KEYS.map((key) => [key, message[key]])),
        },
      }),
    );
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(frame);
    if (message.isFromMe && message.status === 'unread') {
      setTimeout(() => {
        applyStatus(ctx, { messageId: message._id }, 'read').catch((err: unknown) =>
          ctx.log.warn({ err }, 'sandbox read receipt failed'),
        );
      }, READ_DELAY_MS).unref();
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of open.values()) for (const socket of set) socket.close(1001);
  });

  const accounts = new WeakMap<object, string>();
  // checked before the upgrade: a stranger's handshake is answered 401/404 and never becomes a socket
  const admit = async (request: FastifyRequest) => {
    const { accountId = '' } = request.query as { accountId?: string };
    const account = await sandboxAccountFor(ctx, await sandboxAccessOf(ctx, request), accountId);
    accounts.set(request, account.id);
  };

  app.get('/ws/sandbox', { websocket: true, preHandler: admit }, (socket, request) => {
    const { phoneNumber = '' } = request.query as { phoneNumber?: string };
    const accountId = accounts.get(request);
    if (!ctx.config.sandbox || !accountId || !/^\d{8,20}$/.test(phoneNumber)) {
      socket.close(1008, 'sandbox');
      return;
    }
    const key = keyOf(accountId, phoneNumber);
    let set = open.get(key);
    if (!set) open.set(key, (set = new Set()));
    set.add(socket);
    let mine = byAccount.get(accountId);
    if (!mine) byAccount.set(accountId, (mine = new Set()));
    mine.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (!set.size) open.delete(key);
      mine.delete(socket);
      if (!mine.size) byAccount.delete(accountId);
    });
    markBusinessMessagesRead(ctx, accountId, phoneNumber).catch((err: unknown) =>
      ctx.log.warn({ err }, 'sandbox open failed'),
    );
  });
}
