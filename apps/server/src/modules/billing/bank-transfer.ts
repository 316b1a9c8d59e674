import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BILLING_MESSAGES as M, MAX_PROOF_BYTES, type Transaction } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { transactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { identify } from '../media/inspect';
import { contentDisposition, mediaStore, receiveUpload, sanitiseName } from '../media/service';
import {
  endTransaction,
  markTransactionPaid,
  publishTransaction,
  toTransaction,
  transactionRow,
} from './transactions';

/** What a proof may be: a photo or screenshot of the transfer, or the bank's PDF. */
const PROOF_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

const proofRefusal = (message: string, unread = false) =>
  new AppError('VALIDATION', message, { file: message }, unread ? { connection: 'close' } : undefined);

/**
 * POST /transaction/{id}/proof (issue 22 part 4): the owner's proof of a bank transfer, an image or a
 * PDF of at most 5 MB, identified from its bytes (a renamed file is refused), kept in the media store
 * under a key no public route serves. A new proof replaces the old one. Only while the purchase waits
 * for payment; the operator then confirms or rejects it.
 */
export async function uploadProof(
  ctx: AppContext,
  ownerId: string,
  id: string,
  request: FastifyRequest,
): Promise<Transaction> {
  const unread = () => request.raw.complete === false;
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.ownerId, ownerId)))
    .limit(1);
  if (!row)
    throw new AppError('NOT_FOUND', M.notFound, undefined, unread() ? { connection: 'close' } : undefined);
  if (row.method !== 'bank_transfer') throw proofRefusal(M.proofOnlyForTransfer, unread());
  if (toTransaction(row, ctx.clock.now()).status !== 'pending')
    throw new AppError('CONFLICT', M.notPending, undefined, unread() ? { connection: 'close' } : undefined);
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_PROOF_BYTES + FRAMING_BYTES)
    throw proofRefusal(M.proofTooLarge, unread());

  const upload = await receiveUpload(ctx, request, {
    tooLarge: M.proofTooLarge,
    fileRequired: M.proofRequired,
    uploadFailed: M.proofUploadFailed,
  });
  const store = mediaStore(ctx);
  let key: string | null = null;
  try {
    if (upload.size === 0) throw proofRefusal(M.proofRequired);
    if (upload.size > MAX_PROOF_BYTES) throw proofRefusal(M.proofTooLarge);
    const name = sanitiseName(upload.filename);
    const identified = await identify(upload.file, name, upload.mimetype).catch(() => null);
    if (!identified || !PROOF_TYPES.has(identified.mimetype)) throw proofRefusal(M.proofType);
    key = `proof-${randomBytes(24).toString('base64url')}.${identified.ext}`;
    await store.put(key, upload.file, identified.mimetype);
    const now = ctx.clock.now();
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        proofKey: key,
        proofName: name,
        proofMimetype: identified.mimetype,
        proofSize: upload.size,
        proofUploadedAt: now,
        updatedAt: now,
      })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', M.notPending);
    key = null; // kept
    if (row.proofKey)
      await store
        .delete(row.proofKey)
        .catch((err: unknown) => ctx.log.warn({ err }, 'old proof not removed'));
    const transaction = toTransaction(updated, now);
    publishTransaction(ctx, ownerId, transaction);
    return transaction;
  } finally {
    if (key) await store.delete(key).catch(() => undefined);
    await fs.promises.rm(upload.file, { force: true });
  }
}

export interface OpenedProof {
  stream: Readable;
  headers: Record<string, string>;
}

/**
 * GET /transaction/{id}/proof (the owner) and /admin/transaction/{id}/proof (the operator): the
 * proof's bytes, private (no cache), shown inline only when it is an image.
 */
export async function openProof(ctx: AppContext, id: string, ownerId?: string): Promise<OpenedProof> {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), ownerId ? eq(transactions.ownerId, ownerId) : undefined))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (!row.proofKey) throw new AppError('NOT_FOUND', M.proofMissing);
  const mimetype = row.proofMimetype ?? 'application/octet-stream';
  let stream: Readable;
  try {
    stream = await mediaStore(ctx).get(row.proofKey);
  } catch {
    throw new AppError('NOT_FOUND', M.proofMissing);
  }
  return {
    stream,
    headers: {
      'content-type': mimetype,
      'content-length': String(row.proofSize ?? ''),
      'content-disposition': contentDisposition(
        mimetype.startsWith('image/') ? 'inline' : 'attachment',
        row.proofName ?? 'bukti',
      ),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  };
}

/**
 * POST /admin/transaction/{id}/confirm: the operator saw the money arrive; the purchase is paid (once).
 * A bank transfer only: Midtrans' own notification pays its purchases.
 */
export async function confirmTransfer(
  ctx: AppContext,
  id: string,
): Promise<{ transaction: Transaction; changed: boolean }> {
  const row = await transactionRow(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (row.method !== 'bank_transfer') throw new AppError('VALIDATION', M.proofOnlyForTransfer);
  if (row.status === 'paid') return { transaction: toTransaction(row), changed: false };
  // a concurrent confirm may have paid it between the read and here: then this one changed nothing
  const paid = await markTransactionPaid(ctx, id);
  return paid
    ? { transaction: paid, changed: true }
    : { transaction: toTransaction((await transactionRow(ctx, id))!), changed: false };
}

/**
 * POST /admin/transaction/{id}/reject: no money arrived for this transfer (or not the right amount);
 * the purchase fails with the operator's reason, which the owner reads. A paid one cannot be.
 */
export async function rejectTransfer(ctx: AppContext, id: string, reason: string): Promise<Transaction> {
  const row = await transactionRow(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (row.method !== 'bank_transfer') throw new AppError('VALIDATION', M.proofOnlyForTransfer);
  const ended = await endTransaction(ctx, id, 'failed', reason, ['pending', 'expired']);
  if (!ended) throw new AppError('CONFLICT', M.notPending);
  return ended;
}

/** POST /admin/transaction/{id}/cancel: the operator cancels a purchase still waiting for payment. */
export async function cancelByOperator(ctx: AppContext, id: string): Promise<Transaction> {
  const row = await transactionRow(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const ended = await endTransaction(ctx, id, 'cancelled', M.cancelledByOperator, ['pending']);
  if (!ended) throw new AppError('CONFLICT', M.notPending);
  return ended;
}
