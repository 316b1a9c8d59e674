import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Subscriptions (issue 22 part 1): the operator's plans, durations with their discounts, the trial's
 * length and PPN, as one settings document (seeded with DEFAULT_BILLING_SETTINGS; the admin area edits
 * it). Money is integer rupiah everywhere: every figure of a quote is a whole number, worked out with
 * integer arithmetic and rounded down where a share of a rupiah appears.
 */

/** What the plan lets a tenant have; one of the operator's offers. */
export const plan = z.object({
  /** stable key (transactions name it), lower case */
  key: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
  name: z.string().min(1).max(40),
  /** price of one month, rupiah */
  monthlyPrice: z.number().int().min(1000).max(100_000_000),
  /** WhatsApp, Instagram and Messenger numbers the tenant may connect */
  numbers: z.number().int().min(1).max(1000),
  agents: z.number().int().min(0).max(1000),
  /** broadcasts that may start in a calendar month */
  broadcastsPerMonth: z.number().int().min(0).max(100_000),
});
export type Plan = z.infer<typeof plan>;

export const DURATION_MONTHS = [1, 3, 6, 12] as const;
export type DurationMonths = (typeof DURATION_MONTHS)[number];

export const duration = z.object({
  months: z.literal(DURATION_MONTHS),
  /** whole percent off the months' price */
  discountPercent: z.number().int().min(0).max(90),
});
export type Duration = z.infer<typeof duration>;

/** PPN (VAT): `ratePercent` of a tax base of `baseNumerator / baseDenominator` of the price. */
export const ppn = z.object({
  ratePercent: z.number().int().min(0).max(100),
  baseNumerator: z.number().int().min(1).max(1000),
  baseDenominator: z.number().int().min(1).max(1000),
});
export type Ppn = z.infer<typeof ppn>;

const billingSettingsObject = z.object({
  plans: z.array(plan).min(1).max(10),
  durations: z.array(duration).min(1).max(DURATION_MONTHS.length),
  trialDays: z.number().int().min(0).max(90),
  ppn,
  /** the affiliate programme: a referrer's share of each paid price (before tax), and the least payout */
  affiliate: z.object({
    commissionPercent: z.number().int().min(0).max(90),
    minimumWithdrawal: z.number().int().min(10_000).max(100_000_000),
  }),
});

export const billingSettings = billingSettingsObject
  .refine((s) => new Set(s.plans.map((p) => p.key)).size === s.plans.length, {
    message: 'Kunci paket harus berbeda',
    path: ['plans'],
  })
  .refine((s) => new Set(s.durations.map((d) => d.months)).size === s.durations.length, {
    message: 'Durasi tidak boleh berulang',
    path: ['durations'],
  })
  .refine((s) => s.ppn.baseNumerator <= s.ppn.baseDenominator, {
    message: 'Dasar pengenaan pajak tidak boleh lebih dari harga',
    path: ['ppn'],
  });
export type BillingSettings = z.infer<typeof billingSettings>;

/**
 * The offer a new deployment starts with. PPN as from 2025: 12% on a tax base of 11/12 of the price
 * ('DPP nilai lain'), an effective 11%.
 */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  plans: [
    { key: 'dasar', name: 'Dasar', monthlyPrice: 99_000, numbers: 1, agents: 2, broadcastsPerMonth: 4 },
    { key: 'pro', name: 'Pro', monthlyPrice: 249_000, numbers: 3, agents: 10, broadcastsPerMonth: 30 },
    {
      key: 'bisnis',
      name: 'Bisnis',
      monthlyPrice: 599_000,
      numbers: 10,
      agents: 50,
      broadcastsPerMonth: 200,
    },
  ],
  durations: [
    { months: 1, discountPercent: 0 },
    { months: 3, discountPercent: 5 },
    { months: 6, discountPercent: 10 },
    { months: 12, discountPercent: 20 },
  ],
  trialDays: LIMITS.trialDays,
  ppn: { ratePercent: 12, baseNumerator: 11, baseDenominator: 12 },
  affiliate: { commissionPercent: 20, minimumWithdrawal: 100_000 },
};

/** What a plan for a duration costs, every figure in whole rupiah. */
export const quote = z.object({
  planKey: z.string(),
  months: z.number().int(),
  /** monthly price x months */
  gross: z.number().int(),
  discount: z.number().int(),
  /** the price: gross - discount */
  subtotal: z.number().int(),
  /** PPN's tax base (DPP): baseNumerator/baseDenominator of the subtotal, rounded down */
  taxBase: z.number().int(),
  /** PPN: ratePercent of the tax base, rounded down */
  tax: z.number().int(),
  /** what is paid: subtotal + tax */
  total: z.number().int(),
});
export type Quote = z.infer<typeof quote>;

/** The quote of `planKey` for `months` under `settings`; null when either is not offered. */
export function quoteFor(
  settings: Pick<BillingSettings, 'plans' | 'durations' | 'ppn'>,
  planKey: string,
  months: number,
): Quote | null {
  const offer = settings.plans.find((p) => p.key === planKey);
  const term = settings.durations.find((d) => d.months === months);
  if (!offer || !term) return null;
  const gross = offer.monthlyPrice * months;
  const discount = Math.floor((gross * term.discountPercent) / 100);
  const subtotal = gross - discount;
  const taxBase = Math.floor((subtotal * settings.ppn.baseNumerator) / settings.ppn.baseDenominator);
  const tax = Math.floor((taxBase * settings.ppn.ratePercent) / 100);
  return { planKey, months, gross, discount, subtotal, taxBase, tax, total: subtotal + tax };
}

// ------------------------------------------------------------------------------------------------
// how an owner may pay (issue 22 parts 3 and 4): the operator's bank accounts and Midtrans keys

/** One of the operator's bank accounts a transfer may go to. */
export const bankAccount = z.object({
  bankName: z.string().trim().min(2, 'Value is required').max(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{5,20}$/, 'Nomor rekening hanya berisi 5 sampai 20 angka'),
  accountHolder: z.string().trim().min(2, 'Value is required').max(100),
});
export type BankAccount = z.infer<typeof bankAccount>;

/**
 * PUT /admin/payment: the operator's payment settings. The Midtrans server key is write-only: an
 * empty or missing `serverKey` keeps the stored one; `midtrans: null` turns Midtrans off.
 */
export const paymentSettingsBody = z.object({
  bankAccounts: z.array(bankAccount).max(5),
  midtrans: z
    .object({
      clientKey: z.string().trim().min(8, 'Value is required').max(120),
      serverKey: z.string().trim().max(120).optional(),
      production: z.boolean(),
    })
    .nullable(),
});
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

/** GET /admin/payment: the settings as the operator sees them (the server key only as set or not). */
export const paymentSettingsView = z.object({
  bankAccounts: z.array(bankAccount),
  midtrans: z
    .object({ clientKey: z.string(), production: z.boolean(), serverKeySet: z.boolean() })
    .nullable(),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsView>;

/** The business named on the invoice (issue 22 part 6): remembered from the owner's last purchase. */
export const invoiceDetails = z.object({
  businessName: z.string().trim().max(100).default(''),
  /** NPWP: 15 or 16 digits; dots and dashes as people write it are dropped */
  npwp: z
    .string()
    .trim()
    .transform((v) => v.replace(/[.\-\s]/g, ''))
    .refine((v) => v === '' || /^[0-9]{15,16}$/.test(v), 'NPWP harus 15 atau 16 angka')
    .default(''),
});
export type InvoiceDetails = z.infer<typeof invoiceDetails>;

/**
 * GET /billing/offer: the plans, durations, PPN and trial length an owner may buy from, and how they
 * may pay: the bank accounts (none: no transfers) and Midtrans Snap (null: not configured).
 */
export const billingOffer = billingSettingsObject.omit({ affiliate: true }).extend({
  bankAccounts: z.array(bankAccount),
  midtrans: z
    .object({
      clientKey: z.string(),
      /** the snap.js to load on the page (sandbox, production, or the operator's override) */
      snapJsUrl: z.string(),
    })
    .nullable(),
  /** the business and NPWP of the owner's last purchase, to fill the form */
  invoiceDetails: invoiceDetails,
});
export type BillingOffer = z.infer<typeof billingOffer>;

/** What a plan counts: connected numbers (the sandbox aside), agents, broadcasts this Jakarta month. */
export const PLAN_RESOURCES = ['numbers', 'agents', 'broadcastsPerMonth'] as const;
export type PlanResource = (typeof PLAN_RESOURCES)[number];

/**
 * GET /billing/usage: the plan whose limits hold for the owner (the one bought; on a trial the largest
 * on offer) and how much of each they use now.
 */
export const planUsage = z.object({
  plan: plan.pick({ key: true, name: true, numbers: true, agents: true, broadcastsPerMonth: true }),
  trial: z.boolean(),
  used: z.object({
    numbers: z.number().int().min(0),
    agents: z.number().int().min(0),
    broadcastsPerMonth: z.number().int().min(0),
  }),
});
export type PlanUsage = z.infer<typeof planUsage>;

// ------------------------------------------------------------------------------------------------
// transactions (issue 22 part 2)

export const PAYMENT_METHODS = ['midtrans', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRANSACTION_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Each status as the owner reads it. */
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Menunggu Pembayaran',
  paid: 'Lunas',
  expired: 'Kedaluwarsa',
  cancelled: 'Dibatalkan',
  failed: 'Gagal',
};

/** A bank transfer or a Midtrans payment may be made within this long of the purchase. */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** An owner may have at most this many purchases waiting for payment at once. */
export const MAX_PENDING_TRANSACTIONS = 5;

/** POST /transaction: buy a plan for some months. The same `idempotencyKey` makes one purchase. */
export const createTransactionBody = z.object({
  planKey: z.string().min(1).max(40),
  months: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  invoiceDetails: invoiceDetails.optional(),
});
export type CreateTransactionBody = z.infer<typeof createTransactionBody>;

/** A purchase: its quote as priced when made (one shape for the money), and its state. */
export const transaction = quote.extend({
  _id: z.string(),
  /** the plan as bought */
  plan: plan,
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  statusReason: z.string().nullable(),
  paymentExpiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** the subscription's end this payment set */
  extendedTo: z.string().nullable(),
  /** 'INV/2026/000001', once paid */
  invoiceNumber: z.string().nullable(),
  /** what to write in a bank transfer's description, e.g. 'SAPA-7K3M9Q' */
  reference: z.string(),
  invoiceDetails: invoiceDetails,
  /** the bank transfer's proof, once uploaded (GET /transaction/{id}/proof) */
  proof: z
    .object({ name: z.string(), mimetype: z.string(), size: z.number().int(), uploadedAt: z.string() })
    .nullable(),
  /** a pending Midtrans purchase: the Snap token to open the payment with, and its page */
  snap: z.object({ token: z.string(), redirectUrl: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(TRANSACTION_STATUSES).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const transactionPage = z.object({
  docs: z.array(transaction),
  hasNextPage: z.boolean(),
});
export type TransactionPage = z.infer<typeof transactionPage>;

/** A bank transfer's proof: an image or a PDF of at most this many bytes. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** A transaction in the operator's list: with the owner who made it. */
export const adminTransaction = transaction.extend({
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
});
export type AdminTransaction = z.infer<typeof adminTransaction>;

export const adminTransactionListQuery = transactionListQuery.extend({
  method: z.enum(PAYMENT_METHODS).optional(),
  /** created on or after this Jakarta day, YYYY-MM-DD */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** created on or before this Jakarta day, YYYY-MM-DD */
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** the owner's name, email or phone, or the invoice number or reference */
  q: z.string().trim().max(100).optional(),
});
export type AdminTransactionListQuery = z.infer<typeof adminTransactionListQuery>;

export const adminTransactionPage = z.object({
  docs: z.array(adminTransaction),
  hasNextPage: z.boolean(),
});

/** POST /admin/transaction/{id}/reject (and a withdrawal's): why, for the owner to read. */
export const reasonBody = z.object({ reason: z.string().trim().min(3, 'Value is required').max(300) });
/** POST /admin/withdrawal/{id}/paid: the bank transfer's reference. */
export const withdrawalPaidBody = z.object({
  transferReference: z.string().trim().min(3, 'Value is required').max(100),
});

/** GET /admin/transaction/{id}/midtrans: Midtrans' own answer for the order, as it gave it. */
export const midtransRawStatus = z.record(z.string(), z.unknown());

/** A referrer's share of a price: whole rupiah, rounded down. */
export const commissionOf = (subtotal: number, percent: number): number =>
  Math.floor((subtotal * percent) / 100);

/** An invoice number: the year (Asia/Jakarta) and the year's count, six digits. */
export const invoiceNumberOf = (year: number, n: number): string =>
  `INV/${year}/${String(n).padStart(6, '0')}`;

// ------------------------------------------------------------------------------------------------
// affiliate programme (issue 22 part 7)

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Diajukan',
  approved: 'Disetujui',
  paid: 'Dibayar',
  rejected: 'Ditolak',
};

/** GET /affiliate: the owner's referral link and what it brought, in whole rupiah. */
export const affiliateSummary = z.object({
  referralCode: z.string(),
  /** the path of the referral link, e.g. '/register?r=AB12CD' */
  referralPath: z.string(),
  /** owners who registered through the link */
  registered: z.number().int(),
  /** of them, those who paid at least once */
  paying: z.number().int(),
  /** every commission earned */
  earned: z.number().int(),
  /** withdrawals requested or approved, not paid yet */
  pendingWithdrawal: z.number().int(),
  withdrawn: z.number().int(),
  /** what may still be withdrawn: earned - pending - withdrawn */
  balance: z.number().int(),
  commissionPercent: z.number().int(),
  minimumWithdrawal: z.number().int(),
});
export type AffiliateSummary = z.infer<typeof affiliateSummary>;

/** POST /affiliate/withdrawal: be paid part of the balance to a bank account. */
export const withdrawalBody = z.object({
  amount: z.number({ error: 'Value is required' }).int('Jumlah harus dalam rupiah penuh').positive(),
  bankName: z.string().trim().min(2, 'Value is required').max(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{5,20}$/, 'Nomor rekening hanya berisi 5 sampai 20 angka'),
  accountHolder: z.string().trim().min(2, 'Value is required').max(100),
});
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

export const withdrawal = z.object({
  _id: z.string(),
  amount: z.number().int(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  transferReference: z.string().nullable(),
  createdAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalList = z.object({ docs: z.array(withdrawal) });

/** A withdrawal in the operator's list: with the owner who asked for it. */
export const adminWithdrawal = withdrawal.extend({
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
});
export const adminWithdrawalListQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminWithdrawalPage = z.object({ docs: z.array(adminWithdrawal), hasNextPage: z.boolean() });

/** Rupiah as people write it: 'Rp 1.250.000'. */
export const formatRupiah = (amount: number): string =>
  `${amount < 0 ? '-' : ''}Rp ${String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

// ------------------------------------------------------------------------------------------------
// the subscription (issue 22 part 5)

/**
 * 'active' while the subscription (trial or paid) runs; 'expired' after it ended; 'none' for an owner
 * who never had one. Without an active subscription the inbox stays readable, but sending, broadcasts,
 * status posts and new numbers are refused with PAYMENT_REQUIRED (402).
 */
export type SubscriptionState = 'none' | 'active' | 'expired';

export function subscriptionStateOf(
  expiredAt: string | Date | null | undefined,
  now: Date,
): SubscriptionState {
  if (!expiredAt) return 'none';
  return new Date(expiredAt).getTime() > now.getTime() ? 'active' : 'expired';
}

/** Reminders are mailed this many days before the subscription ends (issue 22 part 8). */
export const REMINDER_DAYS = [7, 1] as const;

/**
 * PUT /admin/user/{id}/subscription: the operator sets an owner's subscription end (a goodwill
 * extension, a correction, an end), with the reason kept beside it.
 */
export const subscriptionAdjustmentBody = z.object({
  expiresAt: z.iso.datetime({ offset: true, error: 'Tanggal berakhir tidak valid' }),
  reason: z.string().trim().min(3, 'Value is required').max(300),
});
export type SubscriptionAdjustmentBody = z.infer<typeof subscriptionAdjustmentBody>;

export const subscriptionAdjustment = z.object({
  ownerId: z.string(),
  previousExpiresAt: z.string().nullable(),
  expiresAt: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type SubscriptionAdjustment = z.infer<typeof subscriptionAdjustment>;
