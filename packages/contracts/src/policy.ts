import { ACCESS_MESSAGES as A } from './catalogue/access';
import { LIMITS } from './limits';

/** What the route guard needs to know about the stored session (spec §3 'Session'). */
export interface GuardSession {
  isAdmin: boolean;
  agent: boolean;
  isBetaUser: boolean;
  needVerification: boolean;
}

export interface GuardToast {
  title: string;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Show the toast and return to the previous page (spec §5). */
  | { type: 'deny'; toast: GuardToast };

/** Routes a signed-in visitor is sent away from (spec §2 'Route guard'). */
export const GUEST_ONLY_PATHS = ['/login', '/login/admin', '/register'] as const;
/** spec §5: agents may not open these. */
export const AGENT_BLOCKED_PATHS = ['/user/transaction', '/user/agent'] as const;
export const VERIFICATION_PATH = '/user/verification';

/** True when `path` is `prefix` itself or below it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

export function homePathFor(session: Pick<GuardSession, 'isAdmin'>): string {
  return session.isAdmin ? '/admin/dashboard' : '/user/chat';
}

/**
 * The route guard of spec §2 and §5 as one pure function, so the rules are unit-tested once and
 * the web app only carries out the decision.
 */
export function guardRoute(
  path: string,
  session: GuardSession | null,
  betaPaths: readonly string[],
): GuardDecision {
  if ((GUEST_ONLY_PATHS as readonly string[]).includes(path)) {
    return session ? { type: 'redirect', to: homePathFor(session) } : { type: 'allow' };
  }
  const isUserArea = isUnder(path, '/user');
  const isAdminArea = isUnder(path, '/admin');
  if (!isUserArea && !isAdminArea) return { type: 'allow' };
  if (!session) return { type: 'redirect', to: '/login' };
  if (isAdminArea !== session.isAdmin) return { type: 'redirect', to: homePathFor(session) };
  if (isAdminArea) return { type: 'allow' };

  if (session.needVerification) {
    return path === VERIFICATION_PATH ? { type: 'allow' } : { type: 'redirect', to: VERIFICATION_PATH };
  }
  if (path === VERIFICATION_PATH) return { type: 'redirect', to: '/user/chat' };
  if (session.agent && AGENT_BLOCKED_PATHS.some((p) => isUnder(path, p))) {
    return {
      type: 'deny',
      toast: { title: A['access.deniedTitle'], message: A['access.agentDenied'], type: 'warning' },
    };
  }
  if (!session.isBetaUser && betaPaths.some((p) => isUnder(path, p))) {
    return {
      type: 'deny',
      toast: { title: A['access.betaTitle'], message: A['access.betaOnly'], type: 'info' },
    };
  }
  return { type: 'allow' };
}

/** Who is acting on a chat: the owner (agentId null) or one of their agents. */
export interface ChatActor {
  agentId: string | null;
}

/** spec §6: owners reply anywhere; an agent only in chats assigned to them. */
export function canReply(actor: ChatActor, chat: { agentId: string | null }): boolean {
  return actor.agentId === null || chat.agentId === actor.agentId;
}

/**
 * spec §6: owners assign any agent; an agent may only take an unassigned chat for themselves and can
 * never change a chat's agent once set.
 */
export function canAssign(actor: ChatActor, chat: { agentId: string | null }, agentId: string): boolean {
  if (actor.agentId === null) return true;
  return chat.agentId === null && agentId === actor.agentId;
}

/** spec §4/§6: the unassign button shows only to owners and the assigned agent. */
export function canUnassign(actor: ChatActor, chat: { agentId: string | null }): boolean {
  if (chat.agentId === null) return false;
  return actor.agentId === null || chat.agentId === actor.agentId;
}

/** The effective reply window of an account: as stored, else Instagram's 24 hours (spec §4), else none. */
export function replyWindowHoursOf(type: string, stored: number | null): number | null {
  if (stored !== null) return stored;
  return type === 'instagram' ? LIMITS.instagramReplyWindowMs / 3_600_000 : null;
}

/**
 * Where a chat stands with its channel's reply window (issue 25): 'none' (no window), 'open' until
 * `closesAt`, or 'closed' - the contact must write first, except on the WhatsApp Cloud API, where an
 * approved template may still go out (`templateOnly`). A chat the contact never wrote in is 'closed'
 * on the Cloud API (business-initiated: templates only) and unbounded elsewhere.
 */
export function replyWindow(
  chat: {
    account: { type: string; provider?: string; replyWindowHours?: number | null };
    fromSenderAt: string | null;
  },
  now: number,
): { state: 'none' | 'open' | 'closed'; closesAt: number | null; templateOnly: boolean } {
  const hours = replyWindowHoursOf(chat.account.type, chat.account.replyWindowHours ?? null);
  const templateOnly = chat.account.provider === 'whatsapp-cloud';
  if (hours === null) return { state: 'none', closesAt: null, templateOnly: false };
  if (!chat.fromSenderAt) {
    return templateOnly
      ? { state: 'closed', closesAt: null, templateOnly }
      : { state: 'none', closesAt: null, templateOnly: false };
  }
  const closesAt = Date.parse(chat.fromSenderAt) + hours * 3_600_000;
  return { state: now >= closesAt ? 'closed' : 'open', closesAt, templateOnly };
}

/**
 * How long a reply window stays open, in Indonesian words for the room header (issue 25): '5 jam 12
 * menit', '45 menit' under an hour, '6 hari 3 jam' from a day on (Messenger's 7-day window), and
 * 'kurang dari 1 menit' at the very end. Rounded down, so it never promises more time than is left.
 */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'kurang dari 1 menit';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} hari ${hours} jam` : `${days} hari`;
  if (hours > 0) return rest > 0 ? `${hours} jam ${rest} menit` : `${hours} jam`;
  return `${rest} menit`;
}

/**
 * spec §4: an Instagram chat whose contact last wrote 24 hours ago or more is closed to replies
 * (Instagram's messaging window); the composer shows a notice and the server refuses the send.
 */
export function instagramWindowClosed(
  chat: { account: { type: string }; fromSenderAt: string | null },
  now: number,
): boolean {
  if (chat.account.type !== 'instagram' || !chat.fromSenderAt) return false;
  return now - Date.parse(chat.fromSenderAt) >= LIMITS.instagramReplyWindowMs;
}
