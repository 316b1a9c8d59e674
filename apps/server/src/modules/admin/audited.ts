import { eq } from 'drizzle-orm';
import type { SubscriptionAdjustment, Transaction, Withdrawal } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { affiliateWithdrawals, users } from '../../db/schema';
import type { AuthContext } from '../auth/sessions';
import { toWithdrawal } from '../billing/affiliate';
import { toTransaction, transactionRow } from '../billing/transactions';
import { recordAudit } from './audit';

/** What an audited write is about: its action and target, and how to read the target's state. */
export interface AuditedWrite<T> {
  action: string;
  targetType: string;
  targetId?: string | null;
  /** the target's state before the write (read first; skipped when absent) */
  before?: () => Promise<unknown>;
  /** the target's state after it, from the write's answer (default: the answer itself) */
  after?: (result: T) => unknown;
  /**
   * Whether the write changed anything (default: it did). An idempotent write answered for a target
   * already in the wanted state - a repeated or concurrent confirm - records no row.
   */
  changed?: (result: T) => boolean;
}

/**
 * Runs an operator's write and records it in the audit log (issue 23), for writes whose service owns
 * its transaction (the payment desk of billing/routes.ts): the state before is read first, the row
 * is written once the write has succeeded. A refused write records nothing.
 */
export async function audited<T>(
  ctx: AppContext,
  auth: AuthContext,
  what: AuditedWrite<T>,
  write: () => Promise<T>,
): Promise<T> {
  const before = what.before ? await what.before() : undefined;
  const result = await write();
  if (what.changed && !what.changed(result)) return result;
  await recordAudit(ctx, auth, {
    action: what.action,
    targetType: what.targetType,
    targetId: what.targetId ?? null,
    before,
    after: what.after ? what.after(result) : result,
  });
  return result;
}

/** What the audit log keeps of a purchase: who paid what, and where it stands. */
export function transactionAudit(tx: Transaction) {
  return {
    status: tx.status,
    statusReason: tx.statusReason,
    method: tx.method,
    total: tx.total,
    paidAt: tx.paidAt,
    extendedTo: tx.extendedTo,
    invoiceNumber: tx.invoiceNumber,
    reference: tx.reference,
  };
}

/** An operator's confirmation of a transfer: audited only when this call is the one that paid it. */
export function confirmTarget(
  ctx: AppContext,
  id: string,
): AuditedWrite<{ transaction: Transaction; changed: boolean }> {
  const target = transactionTarget(ctx, 'transaction.confirm', id);
  return {
    ...target,
    after: (result) => transactionAudit(result.transaction),
    changed: (result) => result.changed,
  };
}

/** An operator's move of a purchase (confirm, reject, cancel): its state before and after. */
export function transactionTarget(ctx: AppContext, action: string, id: string): AuditedWrite<Transaction> {
  return {
    action,
    targetType: 'transaction',
    targetId: id,
    before: async () => {
      const row = await transactionRow(ctx, id);
      return row ? transactionAudit(toTransaction(row, ctx.clock.now())) : null;
    },
    after: transactionAudit,
  };
}

/** What the audit log keeps of a withdrawal: the amount and where it stands. */
function withdrawalAudit(w: Withdrawal) {
  return { amount: w.amount, status: w.status, reason: w.reason, transferReference: w.transferReference };
}

/** An operator's move of a withdrawal (approve, paid, reject): its state before and after. */
export function withdrawalTarget(ctx: AppContext, action: string, id: string): AuditedWrite<Withdrawal> {
  return {
    action,
    targetType: 'withdrawal',
    targetId: id,
    before: async () => {
      const [row] = await ctx.db
        .select()
        .from(affiliateWithdrawals)
        .where(eq(affiliateWithdrawals.id, id))
        .limit(1);
      return row ? withdrawalAudit(toWithdrawal(row)) : null;
    },
    after: withdrawalAudit,
  };
}

/** An operator's change of an owner's subscription end: the end before, the end after and why. */
export function subscriptionTarget(ctx: AppContext, ownerId: string): AuditedWrite<SubscriptionAdjustment> {
  return {
    action: 'user.subscription',
    targetType: 'user',
    targetId: ownerId,
    before: async () => {
      const [row] = await ctx.db
        .select({ expiresAt: users.subscriptionExpiresAt })
        .from(users)
        .where(eq(users.id, ownerId))
        .limit(1);
      return row ? { subscriptionExpiresAt: row.expiresAt?.toISOString() ?? null } : null;
    },
    after: (made) => ({ subscriptionExpiresAt: made.expiresAt, reason: made.reason }),
  };
}
