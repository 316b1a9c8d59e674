import { z } from 'zod';
import { adminTransaction, subscriptionAdjustment } from '../billing';
import { nameField, passwordField } from './fields';
import { usernameField } from './admin';
import { cloudPrices, NO_CLOUD_PRICES } from './integration';

/**
 * The operators' admin area (issue 23): dashboard, users, affiliates, articles, settings, operators
 * and the audit log. Every route is under /api/admin and answers an admin session only.
 */

const pageParams = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

const ownerRef = z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() });

// ------------------------------------------------------------------------------------------------
// dashboard

/** GET /admin/dashboard: the figures at a glance, money in whole rupiah, days and months in Jakarta. */
export const adminDashboard = z.object({
  owners: z.object({ total: z.number().int(), newThisMonth: z.number().int() }),
  /** owners whose subscription runs: paid (had a paid purchase) and on a trial only */
  subscriptions: z.object({ active: z.number().int(), trial: z.number().int() }),
  revenue: z.object({
    thisMonth: z.number().int(),
    /** the last 12 months, oldest first: 'YYYY-MM' and the paid totals */
    months: z.array(z.object({ month: z.string(), total: z.number().int() })),
  }),
  /** bank transfers waiting for the operator (pending, with a proof) */
  pendingTransfers: z.number().int(),
  /** withdrawals requested or approved, not paid yet */
  pendingWithdrawals: z.number().int(),
  numbers: z.object({
    whatsapp: z.number().int(),
    instagram: z.number().int(),
    messenger: z.number().int(),
    disconnected: z.number().int(),
  }),
  /** the last 30 Jakarta days, oldest first: 'YYYY-MM-DD' and the messages stored that day */
  messagesPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

// ------------------------------------------------------------------------------------------------
// users (owners)

export const ADMIN_USER_STATES = ['active', 'trial', 'expired', 'none', 'disabled'] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];
export const ADMIN_USER_STATE_LABELS: Record<AdminUserState, string> = {
  active: 'Berlangganan',
  trial: 'Uji coba',
  expired: 'Berakhir',
  none: 'Belum berlangganan',
  disabled: 'Dinonaktifkan',
};

export const adminUserListQuery = z.object({
  ...pageParams,
  /** name, email or phone */
  q: z.string().trim().max(100).optional(),
  state: z.enum(ADMIN_USER_STATES).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

export const adminUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isVerified: z.boolean(),
  isBetaUser: z.boolean(),
  state: z.enum(ADMIN_USER_STATES),
  /** the plan of the latest paid purchase, null on a trial or without one */
  planName: z.string().nullable(),
  subscriptionExpiresAt: z.string().nullable(),
  trialUsed: z.boolean(),
  numbers: z.number().int(),
  agents: z.number().int(),
  lastActiveAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserPage = z.object({ docs: z.array(adminUser), hasNextPage: z.boolean() });

/** GET /admin/user/{id}: the owner with their numbers, agents, latest purchases and adjustments. */
export const adminUserDetail = adminUser.extend({
  referralCode: z.string(),
  referredBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  accounts: z.array(
    z.object({
      _id: z.string(),
      type: z.string(),
      labelName: z.string(),
      phoneNumber: z.string(),
      status: z.string(),
    }),
  ),
  agentList: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  transactions: z.array(adminTransaction),
  adjustments: z.array(subscriptionAdjustment),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** POST /admin/user/{id}/disable: why (kept, shown to operators). */
export const disableUserBody = z.object({ reason: z.string().trim().min(3, 'Value is required').max(300) });
/** PUT /admin/user/{id}/beta: the beta flag (opens the beta pages of spec §5). */
export const betaFlagBody = z.object({ isBetaUser: z.boolean() });

// ------------------------------------------------------------------------------------------------
// affiliates

/** GET /admin/affiliate: owners who referred someone, with what it brought, in whole rupiah. */
export const adminReferrer = z.object({
  owner: ownerRef,
  registered: z.number().int(),
  paying: z.number().int(),
  earned: z.number().int(),
  pendingWithdrawal: z.number().int(),
  withdrawn: z.number().int(),
  balance: z.number().int(),
});
export type AdminReferrer = z.infer<typeof adminReferrer>;
export const adminReferrerListQuery = z.object({ ...pageParams, q: z.string().trim().max(100).optional() });
export const adminReferrerPage = z.object({ docs: z.array(adminReferrer), hasNextPage: z.boolean() });

/** GET /admin/affiliate/{id}: the owners one referrer brought (id: the referrer's user id). */
export const adminReferredList = z.object({
  docs: z.array(ownerRef.extend({ createdAt: z.string(), paid: z.boolean(), commission: z.number().int() })),
});

// ------------------------------------------------------------------------------------------------
// site settings and operators

/**
 * GET/PUT /admin/setting/site: the pages only beta users may open (spec §5) and the 'Menu Lainnya'
 * links; read by /api/config without a restart. The article link defaults to /artikel.
 */
export const siteSettings = z.object({
  betaPaths: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\/user\/[a-z0-9/_-]+$/, 'Alamat halaman harus diawali /user/'),
    )
    .max(20),
  links: z.object({
    tutorial: z.url('Alamat tautan tidak valid').max(500),
    customerService: z.url('Alamat tautan tidak valid').max(500),
    /** an address, or a path of this site such as /artikel */
    article: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'Alamat tautan tidak valid'),
  }),
  /** what the operator pays Meta per WhatsApp Cloud API message, by category (issue 25) */
  cloudPrices: cloudPrices.default(NO_CLOUD_PRICES),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const operator = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operator>;
export const operatorList = z.object({ docs: z.array(operator) });
/** POST /admin/operator: another operator. */
export const createOperatorBody = z.object({
  name: nameField,
  username: usernameField,
  password: passwordField,
});
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;

// ------------------------------------------------------------------------------------------------
// audit log

export const auditEntry = z.object({
  _id: z.string(),
  adminId: z.string(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListQuery = z.object({
  ...pageParams,
  adminId: z.string().max(100).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditPage = z.object({ docs: z.array(auditEntry), hasNextPage: z.boolean() });

// ------------------------------------------------------------------------------------------------
// articles

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = { draft: 'Draf', published: 'Terbit' };

/** A slug: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a title: 'Cara Balas Chat Lebih Cepat!' -> 'cara-balas-chat-lebih-cepat'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** POST /admin/article and PUT /admin/article/{id}: the article as the form sends it. */
export const articleBody = z.object({
  title: z.string().trim().min(3, 'Value is required').max(150),
  slug: z
    .string()
    .trim()
    .max(80)
    .regex(SLUG_PATTERN, 'Slug hanya berisi huruf kecil, angka dan tanda hubung'),
  summary: z.string().trim().max(300).default(''),
  coverUrl: z.string().trim().max(500).nullable().default(null),
  /** HTML from the editor; sanitised on the server whatever it holds */
  bodyHtml: z.string().max(200_000).default(''),
});
export type ArticleBody = z.infer<typeof articleBody>;

export const article = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  bodyHtml: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof article>;

export const articleListQuery = z.object({
  ...pageParams,
  q: z.string().trim().max(100).optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
});
export const articlePage = z.object({ docs: z.array(article), hasNextPage: z.boolean() });

/** GET /article (public): published articles, newest first, without their bodies. */
export const publicArticleSummary = article.omit({ bodyHtml: true, status: true, createdAt: true });
export const publicArticlePage = z.object({ docs: z.array(publicArticleSummary), hasNextPage: z.boolean() });
