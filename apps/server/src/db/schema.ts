import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

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
    /** the plan of the owner's latest paid purchase, as bought (issue 22); null on a trial or none */
    subscriptionPlan: jsonb('subscription_plan'),
    trialActivatedAt: timestamp('trial_activated_at', { withTimezone: true }),
    referralCode: text('referral_code').notNull(),
    referredById: text('referred_by_id'),
    /**
     * The subscription end the last expiry reminder was mailed for, and how many days before it
     * (issue 22 part 8): a reminder goes once per end and step (7, then 1), again when the end moves.
     */
    remindedForExpiry: timestamp('reminded_for_expiry', { withTimezone: true }),
    remindedDaysBefore: integer('reminded_days_before'),
    /** the first-run checklist was closed by the owner (issue 21) */
    onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
    /**
     * Moves when one of the owner's agents is renamed or removed (a trigger of migration 0014): the
     * message lists name their agents, so a cached list (message-list.ts) checks it with its chat's
     * messagesVersion.
     */
    agentsVersion: bigint('agents_version', { mode: 'number' }).notNull().default(0),
    /**
     * Set when an operator disables the owner (issue 23): they and their agents are signed out and
     * cannot sign in; nothing of theirs is deleted. Null while enabled.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** the last time the owner or one of their agents used the app (sessions' touch, issue 23) */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_created_idx').on(t.createdAt.desc()),
    index('users_subscription_idx').on(t.subscriptionExpiresAt),
    // the operators' search by name, email or phone (issue 23): ILIKE '%…%' through trigrams
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
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
    /** the agent's own switch: an unavailable agent gets no chats from round-robin (issue 21) */
    available: boolean('available').notNull().default(true),
    /** when round-robin last gave this agent a chat: the next goes to the longest waiting */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    /** the owner lets this agent open the reports (issue 24 part 5) */
    canViewReports: boolean('can_view_reports').notNull().default(false),
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
    /** a disabled operator cannot sign in (issue 23); the last enabled one cannot be disabled */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
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

/**
 * Registrations waiting for their emailed code: the owner is created only once the code proves the
 * email. One row per email (a new request replaces it); each code allows five guesses.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    referredById: text('referred_by_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_registrations_email_key').on(t.email)],
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

/** A connected messaging account (a WhatsApp number, an Instagram or Messenger page) of one owner. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['whatsapp', 'instagram', 'messenger'] }).notNull(),
    /** Which connector drives it: 'sandbox', 'whatsapp-web', 'whatsapp-cloud', 'meta'. */
    provider: text('provider').notNull(),
    labelName: text('label_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    /** one of ACCOUNT_STATUSES */
    status: text('status').notNull().default('connected'),
    /** why it is not connected (an Indonesian sentence for the integration page), or null */
    statusReason: text('status_reason'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** while linking: {method, qr, code, expiresAt} (AccountLinking), else null */
    linking: jsonb('linking'),
    /** WhatsApp Web: the number's own JID once linked */
    waJid: text('wa_jid'),
    /** sha256 of the per-account API token (shown once); null until one is made */
    apiTokenHash: text('api_token_hash'),
    /** WhatsApp Web safe sending: minimum gap between sends and the hourly cap */
    sendMinGapMs: integer('send_min_gap_ms').notNull().default(3000),
    sendHourlyCap: integer('send_hourly_cap').notNull().default(250),
    /** the earliest time the next send of this number may go out (pacing shared by all processes) */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** which server process holds the number's socket, until when (renewed while alive) */
    leaseHolder: text('lease_holder'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** removed by the owner: hidden from lists and never connected again; its chats stay readable */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** when the number was (last) linked: bulk sends warm up over its first days (issue 20) */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /** the earliest time the next broadcast message of this number may be stored (bulk pacing) */
    bulkNextAt: timestamp('bulk_next_at', { withTimezone: true }),
    /** the simulator's switch: the sandbox number answers sends with WhatsApp's 463 (restricted) */
    sandboxRestricted: boolean('sandbox_restricted').notNull().default(false),
    /** new unassigned chats of this number go to the next available agent (issue 21; off by default) */
    roundRobin: boolean('round_robin').notNull().default(false),
    /**
     * Hours after the customer's last message in which a reply may go out (issue 25): 24 for
     * Messenger and the WhatsApp Cloud API, 168 for a Page with the Human Agent permission (human
     * replies only); null for no window (WhatsApp Web; Instagram's 24 comes from its type).
     */
    replyWindowHours: integer('reply_window_hours'),
    createdAt: createdAt(),
  },
  (t) => [
    index('accounts_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('accounts_api_token_key').on(t.apiTokenHash),
  ],
);

/**
 * Baileys auth state of a WhatsApp Web number, in the database (never files): `creds` under
 * category 'creds', and every signal key type (pre-key, session, sender-key, app-state-sync-key,
 * lid-mapping, device-list, tctoken...) by category and id, serialised with BufferJSON.
 */
export const whatsappAuthKeys = pgTable(
  'whatsapp_auth_keys',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    keyId: text('key_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('whatsapp_auth_keys_pk').on(t.accountId, t.category, t.keyId)],
);

/** The WhatsApp contacts a number has seen (contact and history events, push names). */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** the phone JID (digits@s.whatsapp.net) when known, else the @lid */
    jid: text('jid').notNull(),
    lid: text('lid'),
    phoneNumber: text('phone_number').notNull().default(''),
    /** the name saved on the phone, else the contact's own push name */
    name: text('name').notNull().default(''),
    notify: text('notify').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_contacts_pk').on(t.accountId, t.jid),
    index('whatsapp_contacts_lid_idx').on(t.accountId, t.lid),
  ],
);

/** One conversation: an account talking to one external contact. */
export const chats = pgTable(
  'chats',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The contact's identity on the channel (phone for WhatsApp, a scoped id for Meta). */
    externalId: text('external_id').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    contactPicture: text('contact_picture'),
    note: text('note').notNull().default(''),
    labelIds: text('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    agentId: text('agent_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastMessageType: text('last_message_type').notNull().default('text'),
    lastMessageIsFromMe: boolean('last_message_is_from_me').notNull().default(false),
    lastMessageStatus: text('last_message_status').notNull().default('sent'),
    lastMessageId: text('last_message_id'),
    fromSenderAt: timestamp('from_sender_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** the conversation's state (issue 21): one of CONVERSATION_STATES; a customer's message reopens it */
    conversationState: text('conversation_state').notNull().default('open'),
    /** a snoozed chat comes back (opens) at this time */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** the last automatic reply (away message) sent in this chat: once per conversation */
    autoReplyAt: timestamp('auto_reply_at', { withTimezone: true }),
    /**
     * Moves with every transaction that inserts, updates or deletes messages of the chat (triggers of
     * migrations 0014 and 0029, so no path can forget it; it is the negated id of that transaction,
     * compared for equality only): a cached first page of its messages (message-list.ts) is served
     * only while this and its owner's agentsVersion are what they were when it was read.
     */
    messagesVersion: bigint('messages_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction that last changed what the in-process search index (modules/chat/search-index.ts)
     * holds of the chat - a column it reads, or its words, by storing or deleting messages
     * (pg_current_xact_id(), set by triggers of migrations 0009 and 0026; null for rows untouched
     * since). The index reads the chats changed since the oldest transaction running at its last read,
     * so it misses no commit; a write it does not read (a receipt's status) leaves it, so the update
     * stays on its page (HOT).
     */
    changeXid: xid8('change_xid'),
  },
  (t) => [
    uniqueIndex('chats_account_external_key').on(t.accountId, t.externalId),
    index('chats_owner_change_idx').on(t.ownerId, t.changeXid),
    index('chats_owner_last_idx').on(t.ownerId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    /** the list in a conversation state (Terbuka by default), and 'Milik Saya' / 'Belum Ditugaskan' */
    index('chats_owner_state_last_idx').on(
      t.ownerId,
      t.conversationState,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc(),
    ),
    index('chats_owner_agent_last_idx').on(
      t.ownerId,
      t.agentId,
      t.conversationState,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc(),
    ),
    /** snoozed chats whose time has come */
    index('chats_snoozed_idx')
      .on(t.snoozedUntil)
      .where(sql`${t.conversationState} = 'snoozed'`),
    index('chats_owner_unread_idx')
      .on(t.ownerId, t.lastMessageAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.unreadCount} > 0`),
    index('chats_owner_unreplied_idx')
      .on(t.ownerId, t.lastMessageAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.lastMessageIsFromMe} = false`),
    index('chats_contact_trgm_idx').using(
      'gin',
      sql`(${t.contactName} || ' ' || ${t.contactPhone}) gin_trgm_ops`,
    ),
    /** label filters (&&), label totals (@>) and a deleted label's removal */
    index('chats_label_ids_idx').using('gin', t.labelIds),
  ],
);

/** Messages of a chat; inbound deduped on (account, external id), outbound idempotent on temporaryId. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    ownerId: text('owner_id').notNull(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** Insertion order: breaks ties between messages stamped with the same millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    externalId: text('external_id'),
    temporaryId: text('temporary_id'),
    type: text('type').notNull().default('text'),
    text: text('text').notNull().default(''),
    media: jsonb('media'),
    isFromMe: boolean('is_from_me').notNull(),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    agentId: text('agent_id'),
    senderName: text('sender_name'),
    quotedMessageId: text('quoted_message_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /**
     * 'message' (the conversation itself), 'note' (a private note of the team: never sent, never a
     * chat's last message) or 'auto' (an automatic reply: away message or greeting). Issue 21.
     */
    kind: text('kind').notNull().default('message'),
    /** a note's @mentions: ids of the owner (users.id) and agents (agents.id) of the tenant */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * What the channel needs beyond the content (issue 25): a WhatsApp Cloud API template
     * {template: {name, language, parameters}}, or the Messenger tag a send went out with.
     */
    channelExtra: jsonb('channel_extra'),
    /** WhatsApp Cloud API: the pricing category Meta billed the message under (marketing, utility, service...) */
    pricingCategory: text('pricing_category'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_account_external_key').on(t.accountId, t.externalId),
    uniqueIndex('messages_chat_temporary_key').on(t.chatId, t.temporaryId),
    index('messages_chat_created_idx').on(t.chatId, t.createdAt.desc(), t.seq.desc()),
    // the operators' messages-per-day (issue 23): a BRIN index costs ingest next to nothing
    index('messages_created_brin_idx').using('brin', t.createdAt),
    index('messages_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

/**
 * The distinct words (lower case, split on whitespace) of a chat's messages, as one ' word word '
 * string, kept by triggers on messages (migration 0008). The search's first pass tests the newest
 * chats against it: one short row a chat instead of every message of the chat. A search without
 * whitespace is in some message exactly when it is in some word, so for a one-word search the test is
 * exact; for a phrase it rules chats out and the messages decide. An edit, a revoke or a move of a
 * message marks the row stale (the search reads the messages instead) until housekeeping rebuilds it;
 * a chat whose words would pass SEARCH_WORDS_CAP stops being kept (complete = false) and is read
 * through its messages. The chat reference is deferred to commit: the ingest statement stores a new
 * chat's first message before the chat row.
 */
export const chatSearch = pgTable(
  'chat_search',
  {
    chatId: text('chat_id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    words: text('words').notNull().default(' '),
    complete: boolean('complete').notNull().default(true),
    stale: boolean('stale').notNull().default(false),
    /**
     * The transaction that last changed what the words may be trusted for (stale, complete), as
     * chats.changeXid; words added by a message leave it (their chat is written in the same
     * transaction), so that common update stays a HOT update.
     */
    changeXid: xid8('change_xid'),
  },
  (t) => [index('chat_search_owner_change_idx').on(t.ownerId, t.changeXid)],
);

/**
 * A file stored for a tenant (uploaded through POST /chat/media or received from a channel). The key is
 * a random, unguessable name; the bytes live in the media store (the data folder or S3).
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the name in the store and in the url: 32 random characters plus the extension */
    key: text('key').notNull(),
    /** the type found in the file's bytes (or declared, when the bytes say nothing: text, csv) */
    mimetype: text('mimetype').notNull(),
    /** bytes */
    size: integer('size').notNull(),
    /** the uploader's file name, for documents and downloads */
    name: text('name').notNull(),
    /** a small JPEG data: URL for images and videos */
    thumbnail: text('thumbnail'),
    /** rounded seconds for audio and video */
    duration: integer('duration'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_files_key').on(t.key),
    index('media_files_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/** A saved reply (spec §3 'Chat template'), offered in the composer when the text is '/'. */
export const chatTemplates = pgTable(
  'chat_templates',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    type: text('type').notNull().default('text'),
    /** the media object of its type (spec §3) */
    media: jsonb('media'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_templates_owner_idx').on(t.ownerId, t.title)],
);

/**
 * A tenant's conversation label (spec §7 'Labels'). Chats refer to labels by id in chats.label_ids;
 * a label's name is unique within the tenant whatever its case.
 */
export const chatLabels = pgTable(
  'chat_labels',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** #rrggbb, lower case */
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_labels_owner_name_key').on(t.ownerId, sql`lower(${t.name})`)],
);

/**
 * Durable jobs, claimed with SKIP LOCKED by whichever process is free. Enqueued in the same
 * transaction as the rows they act on, so nothing stored is ever left without its job.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** A job with the same key is not enqueued twice while one is waiting. */
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * When the job failed for good (state 'failed'); null while it may still run. The indexes name
     * this rather than `state`, so a claim (queued -> running) leaves every indexed column as it was
     * and stays on its page (a HOT update, migration 0030): a job is inserted, claimed and deleted
     * with one entry in each index, not two.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.runAt)
      .where(sql`${t.failedAt} is null`),
    uniqueIndex('jobs_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.failedAt} is null`),
  ],
);

/** What the sandbox channel has delivered to its simulated customers: one row per message, ever. */
export const sandboxDeliveries = pgTable('sandbox_deliveries', {
  messageId: text('message_id').primaryKey(),
  deliveredAt: createdAt(),
});

/** Contact groups (spec §3 'Group'): named lists of contacts for broadcasts, with their own columns. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the custom column names, in display order */
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_groups_owner_name_key').on(t.ownerId, sql`lower(${t.name})`)],
);

/**
 * Contacts of a group (spec §3 'Group contact'). A number is in a group once (digits with the country
 * code, see normalizePhone); values are keyed by column name.
 */
export const groupContacts = pgTable(
  'group_contacts',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_contacts_group_phone_key').on(t.groupId, t.phoneNumber),
    index('group_contacts_group_name_idx').on(t.groupId, sql`lower(${t.name})`, t.id),
    index('group_contacts_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`, t.id),
    index('group_contacts_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name}) || ' ' || ${t.phoneNumber}) gin_trgm_ops`,
    ),
  ],
);

/**
 * An Excel/CSV import into a group: the uploaded file (in the media store, never served), its header and
 * first rows for mapping, then the mapping, the progress and the summary. Runs as the
 * 'contact-import' job; processedRows and the counts move together with the contacts, batch by batch.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => contactGroups.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['ready', 'queued', 'running', 'done', 'cancelled', 'failed'] })
      .notNull()
      .default('ready'),
    /** the file in the media store; null once the import is over and the file removed */
    fileKey: text('file_key'),
    fileName: text('file_name').notNull(),
    fileType: text('file_type', { enum: ['xlsx', 'csv'] }).notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    preview: jsonb('preview').$type<string[][]>().notNull(),
    totalRows: integer('total_rows').notNull(),
    mapping: jsonb('mapping'),
    processedRows: integer('processed_rows').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('contact_imports_owner_idx').on(t.ownerId, t.createdAt)],
);

/** The rows an import refused, with the reason, for the downloadable report. */
export const contactImportRefusals = pgTable(
  'contact_import_refusals',
  {
    importId: text('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    /** the row's number in the file (the header is row 1) */
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('contact_import_refusals_pk').on(t.importId, t.rowNumber)],
);

/** The WhatsApp groups a number is in (groupFetchAllParticipating and group events); never chats. */
export const whatsappGroups = pgTable(
  'whatsapp_groups',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    name: text('name').notNull().default(''),
    participants: integer('participants').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_groups_pk').on(t.accountId, t.jid)],
);

/**
 * Broadcasts (issue 20): a message sent to many recipients from one or several numbers (rotated).
 * The counters are kept in the same transaction as each recipient's state change, so lists and
 * reports read them instead of counting recipients.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** one of PUBLICATION_STATES: scheduled, running, paused, finish */
    state: text('state').notNull(),
    accountIds: text('account_ids').array().notNull(),
    groupIds: text('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** BroadcastMessage: type, text and the media object of its type */
    message: jsonb('message').notNull(),
    fallbacks: jsonb('fallbacks').$type<Record<string, string>>().notNull().default({}),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    pausedReason: text('paused_reason'),
    total: integer('total').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    optedOut: integer('opted_out').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('broadcasts_owner_created_idx').on(t.ownerId, t.createdAt),
    index('broadcasts_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.state} = 'scheduled'`),
  ],
);

/**
 * One row per recipient of a broadcast. `message_id` is set in the transaction that stores the
 * recipient's message in its chat: a recipient is messaged at most once, however often the dispatcher
 * crashes and restarts.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: id(),
    broadcastId: text('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** the order recipients are sent in (and the sender rotation) */
    position: integer('position').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    /** the contact's values by column name (variables), as they were when the broadcast was made */
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    /** one of RECIPIENT_STATES */
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    accountId: text('account_id'),
    chatId: text('chat_id'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * when it was delivered (unread or read) and when it failed: the per-day aggregates take a count
     * back from the day it was added (broadcast_days); null on rows older than issue 24 (sent_at then)
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('broadcast_recipients_phone_key').on(t.broadcastId, t.phone),
    index('broadcast_recipients_state_idx').on(t.broadcastId, t.state, t.position),
    index('broadcast_recipients_position_idx').on(t.broadcastId, t.position),
    uniqueIndex('broadcast_recipients_message_key').on(t.messageId),
    index('broadcast_recipients_reply_idx').on(t.ownerId, t.phone, t.sentAt),
    // the reports' failure reasons (issue 24): an index-only scan of the failed rows alone
    index('broadcast_recipients_failed_idx')
      .on(t.broadcastId, t.reason)
      .where(sql`${t.state} = 'failed'`),
  ],
);

/**
 * What happened each Asia/Jakarta day of a broadcast (issue 24): kept in the transactions that move
 * its counters (adjustCounters), each change on the day of its event, so that the days of a
 * broadcast always add up to its counters and reports never count recipient rows.
 */
export const broadcastDays = pgTable(
  'broadcast_days',
  {
    broadcastId: text('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** 'YYYY-MM-DD' in Asia/Jakarta */
    day: text('day').notNull(),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    optedOut: integer('opted_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.day] })],
);

/** Numbers that asked not to receive broadcasts (a stop word, or added by the owner). */
export const broadcastOptOuts = pgTable(
  'broadcast_opt_outs',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** 'reply' or 'manual' */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('broadcast_opt_outs_key').on(t.ownerId, t.phone)],
);

/** A tenant's publication settings: the stop words (null: PUBLICATION_LIMITS.stopWords). */
export const publicationSettings = pgTable('publication_settings', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stopWords: text('stop_words').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** WhatsApp Status posts (issue 20 part 5): once now, once at a time, or daily/weekly at a time. */
export const statusPosts = pgTable(
  'status_posts',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    /** text, image or video */
    type: text('type').notNull(),
    text: text('text').notNull().default(''),
    backgroundColor: text('background_color'),
    /** the image or video media object */
    media: jsonb('media'),
    /** 'all' or 'groups' */
    audience: text('audience').notNull(),
    groupIds: text('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** none, daily or weekly */
    repeat: text('repeat').notNull().default('none'),
    /** HH:mm (Asia/Jakarta) of a recurring post */
    time: text('time'),
    /** 0..6 (Sunday first) of a weekly post */
    weekday: integer('weekday'),
    /** when it posts next; null once finished */
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** one of PUBLICATION_STATES */
    state: text('state').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('status_posts_owner_created_idx').on(t.ownerId, t.createdAt),
    index('status_posts_due_idx')
      .on(t.nextAt)
      .where(sql`${t.state} in ('scheduled', 'running')`),
  ],
);

/** Each time a status post went out (or failed to). `id` is the post's idempotency key to the channel. */
export const statusRuns = pgTable(
  'status_runs',
  {
    id: id(),
    postId: text('post_id')
      .notNull()
      .references(() => statusPosts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** the time it was due (one run per post and due time) */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }),
    /** pending, sent or failed */
    state: text('state').notNull().default('pending'),
    viewers: integer('viewers').notNull().default(0),
    reason: text('reason'),
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('status_runs_due_key').on(t.postId, t.dueAt),
    // the status report reads a tenant's runs of a month (issue 24)
    index('status_runs_owner_due_idx').on(t.ownerId, t.dueAt),
  ],
);

/** The statuses the sandbox channel posted, for the simulator's status feed. */
export const sandboxStatuses = pgTable(
  'sandbox_statuses',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull().default(''),
    backgroundColor: text('background_color'),
    mediaUrl: text('media_url'),
    viewers: integer('viewers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_statuses_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * What a teammate is told in the app (issue 21): a chat assigned to them, a mention in a note. The
 * recipient is the owner (users.id) or one of their agents (agents.id); realtime 'notification.created'.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** users.id of the owner or agents.id */
    recipientId: text('recipient_id').notNull(),
    /** one of NOTIFICATION_KINDS: 'assigned' | 'mention' */
    kind: text('kind').notNull(),
    chatId: text('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    messageId: text('message_id'),
    /** who did it (a name), and a short preview of the note */
    actorName: text('actor_name').notNull().default(''),
    text: text('text').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_recipient_idx').on(t.recipientId, t.createdAt.desc())],
);

/**
 * Automatic replies of one number (issue 21): business hours in Asia/Jakarta, an away message sent
 * once per conversation outside them, and a greeting for a customer's first message.
 */
export const autoReplies = pgTable('auto_replies', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** [{ day: 0-6 (0 = Minggu), open: 'HH:mm', close: 'HH:mm' }] in Asia/Jakarta */
  hours: jsonb('hours')
    .notNull()
    .default(sql`'[]'::jsonb`),
  awayEnabled: boolean('away_enabled').notNull().default(false),
  awayText: text('away_text').notNull().default(''),
  greetingEnabled: boolean('greeting_enabled').notNull().default(false),
  greetingText: text('greeting_text').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A purchase of a plan for some months (issue 22 part 2), priced when made (a later price change
 * never touches it): every amount in whole rupiah. Kept when anything else of the owner goes (no
 * cascade): it is the operator's record of money.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    /** the owner's key for this purchase: the same key makes no second transaction */
    idempotencyKey: text('idempotency_key').notNull(),
    planKey: text('plan_key').notNull(),
    /** the plan as it was bought: its name and what it included */
    plan: jsonb('plan').notNull(),
    months: integer('months').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    taxBase: bigint('tax_base', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** one of PAYMENT_METHODS */
    method: text('method').notNull(),
    /** one of TRANSACTION_STATUSES: pending, paid, expired, cancelled, failed */
    status: text('status').notNull().default('pending'),
    /** why it failed or was cancelled, for the owner to read */
    statusReason: text('status_reason'),
    /** a pending transaction not paid by then expires */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the subscription's end this payment set (from the later of the payment and the old end) */
    extendedTo: timestamp('extended_to', { withTimezone: true }),
    /** 'INV/2026/000001': given when paid, numbered per year (Asia/Jakarta) without gaps */
    invoiceNumber: text('invoice_number'),
    /** what the owner writes in a bank transfer's description ('SAPA-7K3M9Q'); Midtrans' order id */
    reference: text('reference').notNull(),
    /** the business name and NPWP to put on the invoice (InvoiceDetails) */
    invoiceDetails: jsonb('invoice_details').notNull().default({}),
    /** a bank transfer's proof: its key in the media store (never public) and what it is */
    proofKey: text('proof_key'),
    proofName: text('proof_name'),
    proofMimetype: text('proof_mimetype'),
    proofSize: integer('proof_size'),
    proofUploadedAt: timestamp('proof_uploaded_at', { withTimezone: true }),
    /** a Midtrans purchase: the Snap token and page made for it */
    snapToken: text('snap_token'),
    snapRedirectUrl: text('snap_redirect_url'),
    /** Midtrans' last status answer for the order, as it gave it (the operator reads it) */
    midtransStatus: jsonb('midtrans_status'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_owner_key').on(t.ownerId, t.idempotencyKey),
    index('transactions_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    uniqueIndex('transactions_invoice_key').on(t.invoiceNumber),
    uniqueIndex('transactions_reference_key').on(t.reference),
    index('transactions_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    index('transactions_pending_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The last invoice number given in each year (issue 22 part 6), taken in the paying transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * What a referrer earned from one paid transaction of an owner they referred (issue 22 part 7):
 * written in the paying transaction, at most one a transaction.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: id(),
    /** the referrer: users.id */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    referredId: text('referred_id')
      .notNull()
      .references(() => users.id),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** whole rupiah: the operator's rate of the transaction's price before tax */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ratePercent: integer('rate_percent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_transaction_key').on(t.transactionId),
    index('affiliate_commissions_owner_idx').on(t.ownerId, t.createdAt.desc()),
  ],
);

/**
 * A referrer's request to be paid their commissions (issue 22 part 7): requested, then approved and
 * paid (with the transfer's reference) or rejected with a reason by the operator (the admin area).
 */
export const affiliateWithdrawals = pgTable(
  'affiliate_withdrawals',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** one of WITHDRAWAL_STATUSES */
    status: text('status').notNull().default('requested'),
    reason: text('reason'),
    transferReference: text('transfer_reference'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_withdrawals_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

/**
 * An operator's change of an owner's subscription end (issue 22 part 5; the admin area's users page):
 * what it was, what it became, who changed it and why. Kept when the owner goes (no cascade).
 */
export const subscriptionAdjustments = pgTable(
  'subscription_adjustments',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    adminId: text('admin_id').notNull(),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_adjustments_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

/**
 * Every write an operator makes (issue 23): who, when, what on which target, and the target before and
 * after (secrets such as passwords and keys never stored). Read in the admin area's audit log.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    /** e.g. 'transaction.confirm', 'user.disable', 'settings.billing' */
    action: text('action').notNull(),
    /** e.g. 'transaction', 'user', 'settings', 'article', 'admin' */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
  ],
);

/**
 * The operators' articles (issue 23): drafts and published pages at /artikel/{slug}. The body is HTML
 * sanitised on the server when saved, whatever the editor sent.
 */
export const articles = pgTable(
  'articles',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull().default(''),
    coverUrl: text('cover_url'),
    bodyHtml: text('body_html').notNull().default(''),
    /** 'draft' or 'published' */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorAdminId: text('author_admin_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_key').on(t.slug),
    index('articles_published_idx').on(t.status, t.publishedAt.desc()),
  ],
);

/**
 * Figures of days that have ended (issue 23's dashboard): counted once and kept, so the dashboard
 * counts only today live.
 */
export const statsDaily = pgTable('stats_daily', {
  /** the Asia/Jakarta day, YYYY-MM-DD */
  day: text('day').primaryKey(),
  messages: bigint('messages', { mode: 'number' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How an account reaches Meta (issue 25): a Facebook Page (Messenger), an Instagram professional
 * account reached through its Page, or a WhatsApp Cloud API phone number. The token is sealed
 * (lib/secret-box.ts), never stored readable. One tenant per page, Instagram account or number at a
 * time: the unique (kind, external_id) routes each webhook to exactly one account.
 */
export const channelLinks = pgTable(
  'channel_links',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'messenger' | 'instagram' | 'whatsapp-cloud' */
    kind: text('kind').notNull(),
    /** the Page id, the Instagram account id (IGID), or the Cloud API phone number id */
    externalId: text('external_id').notNull(),
    /** messenger/instagram: the Page id (the Send API goes through it); whatsapp-cloud: the WABA id */
    parentId: text('parent_id'),
    /** what the owner recognises: the Page's name, '@username', the display phone number */
    handle: text('handle').notNull().default(''),
    /** the Page's or Instagram account's picture (copied into media storage), or null */
    picture: text('picture'),
    /** the Page token or the Cloud API token, sealed */
    tokenSealed: text('token_sealed').notNull(),
    /** Meta refused the token (error 190: password changed, role lost, app removed): link again */
    tokenInvalidAt: timestamp('token_invalid_at', { withTimezone: true }),
    /** the app holds the Human Agent permission for this Page (replies up to 7 days) */
    humanAgent: boolean('human_agent').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_links_external_key').on(t.kind, t.externalId),
    index('channel_links_owner_idx').on(t.ownerId),
  ],
);

/**
 * A Facebook login in progress (issue 25 part 2): the `state` sent to the dialog, bound to the
 * session that asked for it, used once and only within ten minutes. Only its hash is stored.
 */
export const metaOauthStates = pgTable(
  'meta_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the session (its token's hash) that started the login: another session cannot finish it */
    sessionHash: text('session_hash').notNull(),
    /** 'messenger' | 'instagram' | 'whatsapp-cloud' */
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('meta_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Other ids of a contact on one account (issue 25 part 5): a WhatsApp Cloud API user may come as a
 * business-scoped user id (BSUID), a wa_id, or both; the chat is keyed by the first one seen and
 * every later alias finds it. A contact may have no phone number at all.
 */
export const contactAliases = pgTable(
  'contact_aliases',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    /** the chat's external id (chats.external_id) this alias means */
    contactExternalId: text('contact_external_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.alias] })],
);

/**
 * The public API's idempotency keys (issue 26): a request with the same `Idempotency-Key` on the same
 * number within 24 hours answers the first answer again (a different body: 409). The key's row is
 * taken before the work starts (status null while it runs), so concurrent repeats wait or are refused
 * instead of doing the work twice.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the method, path and body the key was first used with */
    requestHash: text('request_hash').notNull(),
    /** the first answer's status and body; null while the first request still runs */
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);

/**
 * A number's outbound webhook (issue 26): where its events are POSTed and the secret they are signed
 * with (sealed, lib/secret-box.ts; shown to the owner once). Disabled after an event's retries ran out.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** why it was turned off by the dispatcher (its events failed for 24 h); null when the owner did */
  disabledReason: text('disabled_reason'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for a number's webhook and its delivery: the exact body POSTed (so a replay sends the
 * same bytes), retried with backoff until delivered or `retry_until`. Events of one lane (a chat, or
 * the number itself) go out in `seq` order: a lane's next event waits for the one before it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lane: text('lane').notNull(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** held by a dispatcher while its POST is in flight */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** the last attempt allowed (24 h after the event, or after a replay) */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_events_lane_idx')
      .on(t.accountId, t.lane, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_events_log_idx').on(t.accountId, t.createdAt),
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);
