import { isForwardStatus, sandboxConversation, type SandboxConversation } from '@sapa/contracts';

/** One message as the simulated customer sees it; isFromMe means sent by the business. */
export type SandboxMessage = SandboxConversation['messages'][number];

const frameSchema = sandboxConversation.shape.messages.element;

/** Decodes a /ws/sandbox frame (double JSON-encoded {type: 'sandbox.message', message}); null otherwise. */
export function parseSandboxFrame(data: string): SandboxMessage | null {
  try {
    let value: unknown = JSON.parse(data);
    if (typeof value === 'string') value = JSON.parse(value);
    if (!value || typeof value !== 'object' || (value as { type?: unknown }).type !== 'sandbox.message') {
      return null;
    }
    const parsed = frameSchema.safeParse((value as { message?: unknown }).message);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function byTime(a: SandboxMessage, b: SandboxMessage): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

/** Adds or updates messages by id, statuses only moving forward, oldest first. */
export function mergeSandboxMessages(
  current: readonly SandboxMessage[],
  incoming: readonly SandboxMessage[],
): SandboxMessage[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) {
    const seen = byId.get(message._id);
    const forward = !seen || seen.status === message.status || isForwardStatus(seen.status, message.status);
    byId.set(message._id, forward ? message : { ...message, status: seen.status });
  }
  return [...byId.values()].sort(byTime);
}
