import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context';
import { resolveSession, type AuthContext } from '../modules/auth/sessions';

const POLICY_VIOLATION = 1008;

/** Frames only the owner's sockets get: publications are the owner's (their routes answer agents 403). */
const OWNER_ONLY_TYPES = new Set(['broadcast.updated', 'status.updated', 'transaction.updated']);

/**
 * /ws?token=...: one socket per signed-in tab. Every tenant event on the bus (from any process) goes
 * to every open socket of that tenant, as a double JSON-encoded frame (spec §7 'Realtime'); the
 * publication frames only to the owner's.
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sockets = new Map<string, Set<WebSocket>>();
  const sessionOf = new WeakMap<WebSocket, AuthContext>();

  const unsubscribe = ctx.bus.subscribe((message) => {
    if (message.kind === 'revoke') {
      // A session ended (logout, password change, reset): its sockets stop receiving at once.
      for (const set of sockets.values()) {
        for (const socket of set) {
          const auth = sessionOf.get(socket);
          if (!auth) continue;
          const bySession = message.sessionId === auth.sessionId;
          const bySubject =
            message.subject?.kind === auth.kind &&
            message.subject.subjectId === auth.subjectId &&
            message.exceptSessionId !== auth.sessionId;
          const byTenant = message.ownerId !== undefined && message.ownerId === auth.ownerId;
          if (bySession || bySubject || byTenant) socket.close(POLICY_VIOLATION, 'session ended');
        }
      }
      return;
    }
    if (message.kind !== 'tenant') return;
    const targets = sockets.get(message.ownerId);
    if (!targets?.size) return;
    const frame = JSON.stringify(JSON.stringify(message.event));
    const ownerOnly = OWNER_ONLY_TYPES.has(message.event.type);
    for (const socket of targets) {
      const auth = sessionOf.get(socket);
      if (ownerOnly && auth?.kind !== 'user') continue;
      // a notification is its recipient's alone (the owner's user id or an agent's id)
      if (message.recipientId && auth?.subjectId !== message.recipientId) continue;
      if (socket.readyState === socket.OPEN) socket.send(frame);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of sockets.values()) for (const socket of set) socket.close(1001);
  });

  app.get('/ws', { websocket: true }, async (socket, request) => {
    const token = (request.query as { token?: string }).token ?? '';
    const auth = token ? await resolveSession(ctx, token) : null;
    if (!auth?.ownerId) {
      socket.close(POLICY_VIOLATION, 'unauthorized');
      return;
    }
    const ownerId = auth.ownerId;
    sessionOf.set(socket, auth);
    let set = sockets.get(ownerId);
    if (!set) sockets.set(ownerId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (!set.size) sockets.delete(ownerId);
    });
    // keep idle connections alive through proxies
    const ping = setInterval(() => socket.ping(), 25_000);
    ping.unref();
    socket.on('close', () => clearInterval(ping));
  });
}
