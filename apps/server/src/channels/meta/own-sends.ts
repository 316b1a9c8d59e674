import type { AppContext } from '../../context';

/**
 * Our own Messenger and Instagram sends as this process knows them. Meta echoes every message a
 * Page sends, ours included (channels reference §2.3), and the echo may come before the Send API
 * has answered with its mid; inbound.ts asks this so that none of ours is stored a second time: the
 * mids Meta gave us lately (a caption's text part has no message row of its own), and the sends
 * under way per person.
 */
class OwnSends {
  private readonly mids = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private static readonly KEEP_MS = 10 * 60 * 1000;
  private static readonly MAX = 20_000;

  begin(accountId: string, personId: string): void {
    const key = `${accountId}:${personId}`;
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
  }

  end(accountId: string, personId: string): void {
    const key = `${accountId}:${personId}`;
    const left = (this.inFlight.get(key) ?? 1) - 1;
    if (left > 0) this.inFlight.set(key, left);
    else this.inFlight.delete(key);
  }

  sending(accountId: string, personId: string): boolean {
    return this.inFlight.has(`${accountId}:${personId}`);
  }

  remember(mid: string): void {
    const stale = Date.now() - OwnSends.KEEP_MS;
    // oldest first (insertion order): the stale ones, and the oldest when full
    for (const [known, at] of this.mids) {
      if (at > stale && this.mids.size < OwnSends.MAX) break;
      this.mids.delete(known);
    }
    this.mids.set(mid, Date.now());
  }

  sent(mid: string): boolean {
    const at = this.mids.get(mid);
    return at !== undefined && at > Date.now() - OwnSends.KEEP_MS;
  }
}

const ownSends = new WeakMap<AppContext, OwnSends>();

/** This process's record of its own Meta sends (read by the inbound echo handling). */
export function ownSendsOf(ctx: AppContext): OwnSends {
  let known = ownSends.get(ctx);
  if (!known) ownSends.set(ctx, (known = new OwnSends()));
  return known;
}

/** Our metadata on a Messenger send, echoed back with it: which message, and whether a caption part. */
export function sendMetadata(messageId: string, caption: boolean): string {
  return `sapa:${messageId}${caption ? ':caption' : ''}`;
}

/** The message id (and caption flag) of our metadata, or null for anyone else's. */
export function parseSendMetadata(metadata: unknown): { messageId: string; caption: boolean } | null {
  if (typeof metadata !== 'string') return null;
  const match = /^sapa:([A-Za-z0-9_-]{1,64})(:caption)?$/.exec(metadata);
  return match ? { messageId: match[1]!, caption: !!match[2] } : null;
}
