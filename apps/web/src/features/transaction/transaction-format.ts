import {
  BILLING_MESSAGES,
  interpolate,
  MAX_PROOF_BYTES,
  type Plan,
  type Transaction,
  type TransactionStatus,
} from '@sapa/contracts';
import { TX_TEXT } from './transaction-strings';

/** The badge colour of each status: paid green, waiting yellow, the ends gray, a failure red. */
export const STATUS_COLORS: Record<TransactionStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  expired: 'gray',
  cancelled: 'gray',
  failed: 'red',
};

/** What a plan includes, in the owner's words: numbers, agents, broadcasts a month. */
export function planFeatures(plan: Plan): string[] {
  return [
    interpolate(TX_TEXT.featureNumbers, { count: plan.numbers }),
    plan.agents ? interpolate(TX_TEXT.featureAgents, { count: plan.agents }) : TX_TEXT.featureNoAgents,
    plan.broadcastsPerMonth
      ? interpolate(TX_TEXT.featureBroadcasts, { count: plan.broadcastsPerMonth })
      : TX_TEXT.featureNoBroadcasts,
  ];
}

/** The proof types the server keeps (BILLING_MESSAGES.proofType): JPG, PNG, WEBP or PDF. */
const PROOF_TYPES: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** The file input's `accept`. */
export const PROOF_ACCEPT = Object.keys(PROOF_TYPES).join(',');

/**
 * Why a bank transfer's proof would be refused, checked before it is sent: not an image or a PDF,
 * or over 5 MB; null when it may go. A browser that names no type is judged by the extension.
 */
export function proofProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typed = file.type ? file.type in PROOF_TYPES : false;
  const byName = !file.type && Object.values(PROOF_TYPES).some((names) => names.includes(extension));
  if (!typed && !byName) return BILLING_MESSAGES.proofType;
  if (file.size > MAX_PROOF_BYTES) return BILLING_MESSAGES.proofTooLarge;
  return null;
}

export { formatBytes } from '../../lib/format-bytes';

/** A new purchase key (8-64 of [A-Za-z0-9_-]): one per form session and choice, so a repeat buys once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** How a purchase is named: its invoice number once paid, else its transfer reference. */
export function transactionCode(tx: Pick<Transaction, 'invoiceNumber' | 'reference'>): string {
  return tx.invoiceNumber ?? tx.reference;
}
