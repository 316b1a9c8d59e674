import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Owners: the tenants. Every tenant-scoped row carries an owner_id pointing here. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isBetaUser: boolean('is_beta_user').notNull().default(false),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    trialActivatedAt: timestamp('trial_activated_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredById: text('referred_by_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
  ],
);

/** Staff of one owner. They sign in on /login and work inside their owner's tenant. */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agents_email_key').on(t.email),
    uniqueIndex('agents_phone_key').on(t.phone),
    index('agents_owner_idx').on(t.ownerId),
  ],
);

/** Operators of the admin area; a separate table from tenants. */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_username_key').on(t.username)],
);

/** Sessions: only the SHA-256 of the 256-bit token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['user', 'agent', 'admin'] }).notNull(),
    /** users.id, agents.id or admins.id depending on kind. */
    subjectId: text('subject_id').notNull(),
    /** The tenant for user and agent sessions. */
    ownerId: text('owner_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_subject_idx').on(t.kind, t.subjectId),
  ],
);

/** Emailed 6-digit codes: account verification for owners and agents. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    kind: text('kind', { enum: ['user', 'agent'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_subject_idx').on(t.kind, t.subjectId, t.createdAt)],
);

/** Single-use password reset links, valid for one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

/** Counted events for rate limits (failed logins, registrations, reset requests), shared by all processes. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: id(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_key_idx').on(t.key, t.createdAt)],
);

/** Emails kept by the dev mailbox when no SMTP server is configured. */
export const devMails = pgTable(
  'dev_mails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mails_created_idx').on(t.createdAt)],
);

/** Small key/value facts about this installation (e.g. whether the demo was seeded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
