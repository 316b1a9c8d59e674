import type { AppContext } from '../context';

/**
 * What can go wrong with a sending number, as the channels see it (issue 20 part 3):
 * - 'restricted': WhatsApp refused a send with 463/479 (`code`); sending more makes it worse.
 * - 'logged-out': the device was logged out (from the phone, or by the owner): it must be linked again.
 * - 'disconnected': the number lost its connection and did not get it back (WhatsApp Web: still down
 *   after the manager's grace period, or opened elsewhere); it may come back by itself.
 */
export type AccountTroubleKind = 'restricted' | 'logged-out' | 'disconnected';

export interface AccountTrouble {
  accountId: string;
  ownerId: string;
  kind: AccountTroubleKind;
  /** 'restricted': WhatsApp's error code ('463', '479') */
  code?: string;
}

/**
 * Told of every trouble in the process where the channel noticed it (the one holding the number's
 * socket, or running the send). It may be told more than once for one outage (each refused send of
 * a restricted number tells it): act idempotently. Awaited by the channel; a throw is logged and
 * swallowed, so a listener never breaks sending or the socket's event handling.
 */
export type AccountTroubleListener = (trouble: AccountTrouble) => Promise<void> | void;

const listeners = new WeakMap<AppContext['connectors'], Set<AccountTroubleListener>>();

function listenersOf(ctx: Pick<AppContext, 'connectors'>): Set<AccountTroubleListener> {
  let set = listeners.get(ctx.connectors);
  if (!set) listeners.set(ctx.connectors, (set = new Set()));
  return set;
}

/**
 * Subscribes to the channels' account troubles of this app (kept with `ctx.connectors`, so every
 * app built in one process has its own listeners). Register once when the app is built, e.g.
 * `onAccountTrouble(ctx, (trouble) => pauseBroadcastsOf(ctx, trouble))`. Returns the unsubscribe.
 */
export function onAccountTrouble(
  ctx: Pick<AppContext, 'connectors'>,
  listener: AccountTroubleListener,
): () => void {
  const set = listenersOf(ctx);
  set.add(listener);
  return () => set.delete(listener);
}

/** For connectors: tells every listener, one after another; their failures are only logged. */
export async function reportAccountTrouble(
  ctx: Pick<AppContext, 'connectors' | 'log'>,
  trouble: AccountTrouble,
): Promise<void> {
  for (const listener of [...listenersOf(ctx)]) {
    try {
      await listener(trouble);
    } catch (err) {
      ctx.log.error({ err, ...trouble }, 'account trouble listener failed');
    }
  }
}
