import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { BILLING_MESSAGES as M } from '@sapa/contracts';
import type { MidtransKeys } from './payment-settings';

/**
 * Midtrans (issue 22 part 3), as its documentation describes it:
 * - Snap: POST {snap}/snap/v1/transactions with Basic auth (server key, empty password) gives a token
 *   and a redirect_url; the page opens the token with {snap}/snap/snap.js.
 * - Status: GET {api}/v2/{order_id}/status, the same auth.
 * - HTTP notifications carry signature_key = SHA-512(order_id + status_code + gross_amount + server key).
 * The addresses are Midtrans' own (sandbox or production as the operator's setting says) unless the
 * configuration overrides them (MIDTRANS_API_URL, MIDTRANS_SNAP_URL: tests' fake Midtrans).
 */

const TIMEOUT_MS = 10_000;

export function midtransUrls(ctx: AppContext, production: boolean): { api: string; snap: string } {
  return {
    api:
      ctx.config.midtransUrls.api ??
      (production ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com'),
    snap:
      ctx.config.midtransUrls.snap ??
      (production ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com'),
  };
}

export const snapJsUrlOf = (ctx: AppContext, keys: MidtransKeys): string =>
  `${midtransUrls(ctx, keys.production).snap}/snap/snap.js`;

function authorization(keys: MidtransKeys): string {
  return `Basic ${Buffer.from(`${keys.serverKey}:`).toString('base64')}`;
}

export interface SnapOrder {
  orderId: string;
  /** whole rupiah; equals the items' sum */
  grossAmount: number;
  items: { id: string; name: string; price: number; quantity: number }[];
  customer: { firstName: string; email: string; phone: string };
  /** minutes the payment page stays open */
  expiryMinutes: number;
  finishUrl: string;
}

/** Creates the Snap transaction of an order; Midtrans unreachable or refusing is UNAVAILABLE. */
export async function createSnapTransaction(
  ctx: AppContext,
  keys: MidtransKeys,
  order: SnapOrder,
): Promise<{ token: string; redirectUrl: string }> {
  const url = `${midtransUrls(ctx, keys.production).snap}/snap/v1/transactions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: authorization(keys),
      },
      body: JSON.stringify({
        transaction_details: { order_id: order.orderId, gross_amount: order.grossAmount },
        item_details: order.items.map((item) => ({ ...item, name: item.name.slice(0, 50) })),
        customer_details: {
          first_name: order.customer.firstName.slice(0, 255),
          email: order.customer.email,
          phone: order.customer.phone,
        },
        expiry: { unit: 'minutes', duration: order.expiryMinutes },
        callbacks: { finish: order.finishUrl },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, orderId: order.orderId }, 'midtrans snap unreachable');
    throw new AppError('UNAVAILABLE', M.midtransUnreachable);
  }
  const body = (await response.json().catch(() => null)) as {
    token?: string;
    redirect_url?: string;
    error_messages?: string[];
  } | null;
  if (!response.ok || !body?.token || !body.redirect_url) {
    ctx.log.warn(
      { status: response.status, errors: body?.error_messages, orderId: order.orderId },
      'midtrans snap refused the order',
    );
    throw new AppError('UNAVAILABLE', M.midtransUnreachable);
  }
  return { token: body.token, redirectUrl: body.redirect_url };
}

/** Midtrans' status answer for an order, as it gives it; UNAVAILABLE when it cannot be asked. */
export async function midtransStatus(
  ctx: AppContext,
  keys: MidtransKeys,
  orderId: string,
): Promise<Record<string, unknown>> {
  const url = `${midtransUrls(ctx, keys.production).api}/v2/${encodeURIComponent(orderId)}/status`;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', authorization: authorization(keys) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, orderId }, 'midtrans status unreachable');
  }
  throw new AppError('UNAVAILABLE', M.midtransUnreachable);
}

/** The signature Midtrans puts on a notification (and a status answer) for these fields. */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/** Whether a notification's signature_key is the one its fields and our server key make (timing-safe). */
export function signatureMatches(
  fields: { order_id: string; status_code: string; gross_amount: string; signature_key: string },
  serverKey: string,
): boolean {
  const expected = Buffer.from(
    midtransSignature(fields.order_id, fields.status_code, fields.gross_amount, serverKey),
  );
  const given = Buffer.from(fields.signature_key.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a Midtrans status means for a purchase. */
export type MidtransOutcome =
  { kind: 'paid' } | { kind: 'ended'; status: 'failed' | 'cancelled' | 'expired' } | { kind: 'none' };

export function outcomeOf(status: Record<string, unknown>): MidtransOutcome {
  const state = String(status.transaction_status ?? '');
  const fraud = status.fraud_status === undefined ? 'accept' : String(status.fraud_status);
  if (state === 'settlement') return { kind: 'paid' };
  if (state === 'capture') return fraud === 'accept' ? { kind: 'paid' } : { kind: 'none' };
  if (state === 'deny') return { kind: 'ended', status: 'failed' };
  if (state === 'cancel') return { kind: 'ended', status: 'cancelled' };
  if (state === 'expire') return { kind: 'ended', status: 'expired' };
  return { kind: 'none' };
}
