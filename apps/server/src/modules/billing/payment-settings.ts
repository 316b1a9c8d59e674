import { eq, sql } from 'drizzle-orm';
import {
  bankAccount,
  INTEGRATION_MESSAGES,
  type BankAccount,
  type PaymentSettingsBody,
  type PaymentSettingsView,
} from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { meta } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canKeepSecrets, open, seal } from '../../lib/secret-box';

/** The operator's payment settings live in `meta` under this key, as JSON (none: no way to pay yet). */
const KEY = 'payment_settings';
const CACHE_MS = 5_000;

/** Midtrans' keys as stored: the server key signs and authorises every call, so it never leaves. */
export interface MidtransKeys {
  serverKey: string;
  clientKey: string;
  production: boolean;
}

export interface PaymentSettings {
  bankAccounts: BankAccount[];
  midtrans: MidtransKeys | null;
}

/**
 * The document as stored: the server key sealed (lib/secret-box.ts) since issue 25; a document
 * written before holds it as `serverKey` and is sealed on the operator's next save.
 */
const stored = z.object({
  bankAccounts: z.array(bankAccount),
  midtrans: z
    .object({
      serverKey: z.string().min(1).optional(),
      serverKeySealed: z.string().min(1).optional(),
      clientKey: z.string().min(1),
      production: z.boolean(),
    })
    .refine((m) => m.serverKey || m.serverKeySealed)
    .nullable(),
});

const NONE: PaymentSettings = { bankAccounts: [], midtrans: null };
const cache = new WeakMap<AppContext, { value: PaymentSettings; until: number }>();

/**
 * How owners may pay (issue 22 parts 3 and 4): the operator's bank accounts and Midtrans keys.
 * A deployment starts with neither; the purchase page then says payment is not available yet.
 */
export async function paymentSettingsOf(ctx: AppContext): Promise<PaymentSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const [row] = await ctx.db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY)).limit(1);
  let value = NONE;
  if (row) {
    const parsed = stored.safeParse(JSON.parse(row.value));
    if (parsed.success) {
      const m = parsed.data.midtrans;
      value = {
        bankAccounts: parsed.data.bankAccounts,
        midtrans: m
          ? {
              serverKey: m.serverKeySealed ? open(ctx.config, m.serverKeySealed) : (m.serverKey ?? ''),
              clientKey: m.clientKey,
              production: m.production,
            }
          : null,
      };
    }
    // the issues name fields only: the document holds the Midtrans server key
    else
      ctx.log.error(
        { fields: parsed.error.issues.map((i) => i.path.join('.')) },
        'stored payment settings are invalid',
      );
  }
  cache.set(ctx, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** GET /admin/payment: the server key only as set or not. */
export function paymentSettingsView(settings: PaymentSettings): PaymentSettingsView {
  return {
    bankAccounts: settings.bankAccounts,
    midtrans: settings.midtrans
      ? {
          clientKey: settings.midtrans.clientKey,
          production: settings.midtrans.production,
          serverKeySet: !!settings.midtrans.serverKey,
        }
      : null,
  };
}

/**
 * PUT /admin/payment: the operator replaces the settings. An empty server key keeps the stored one;
 * Midtrans turned on for the first time needs one.
 */
export async function savePaymentSettings(
  ctx: AppContext,
  input: PaymentSettingsBody,
): Promise<PaymentSettingsView> {
  const current = await paymentSettingsOf(ctx);
  let midtrans: MidtransKeys | null = null;
  if (input.midtrans) {
    const serverKey = input.midtrans.serverKey || current.midtrans?.serverKey || '';
    if (!serverKey) {
      throw new AppError('VALIDATION', 'Server key Midtrans wajib diisi', {
        'midtrans.serverKey': 'Value is required',
      });
    }
    midtrans = { serverKey, clientKey: input.midtrans.clientKey, production: input.midtrans.production };
  }
  if (midtrans && !canKeepSecrets(ctx.config))
    throw new AppError('CONFLICT', INTEGRATION_MESSAGES.secretKeyMissing);
  // the server key is stored sealed: a copy of the table does not give it away
  const value = JSON.stringify({
    bankAccounts: input.bankAccounts,
    midtrans: midtrans
      ? {
          serverKeySealed: seal(ctx.config, midtrans.serverKey),
          clientKey: midtrans.clientKey,
          production: midtrans.production,
        }
      : null,
  });
  await ctx.db
    .insert(meta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: sql`now()` } });
  cache.delete(ctx);
  return paymentSettingsView(await paymentSettingsOf(ctx));
}
