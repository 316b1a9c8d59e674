import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { admins, agents, meta, users } from '../db/schema';
import { randomToken, referralCode } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { createSandboxAccount } from '../modules/account/service';
import { seedDemoConversations } from './demo-conversations';

export const DEMO = {
  owner: {
    email: 'pemilik@demo.test',
    password: 'demo12345',
    name: 'Toko Sapa Demo',
    phone: '6281200000001',
  },
  agent: { email: 'agen@demo.test', password: 'demo12345', name: 'Agen Demo', phone: '6281200000002' },
  admin: { username: 'admin', password: 'admin12345', name: 'Admin Sapa' },
} as const;

/**
 * On the first start of the embedded default: a verified owner with 30 days of subscription, one
 * agent of theirs and an operator. Runs once per database (remembered in `meta`), so deleting the
 * demo accounts later does not bring them back.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  if (await demoWasSeeded(ctx)) return false;
  const now = ctx.clock.now();
  const [ownerHash, agentHash, adminHash] = await Promise.all([
    hashPassword(DEMO.owner.password),
    hashPassword(DEMO.agent.password),
    hashPassword(DEMO.admin.password),
  ]);
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({
        name: DEMO.owner.name,
        email: DEMO.owner.email,
        phone: DEMO.owner.phone,
        passwordHash: ownerHash,
        isVerified: true,
        subscriptionExpiresAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
        referralCode: referralCode(),
      })
      .onConflictDoNothing()
      .returning();
    if (owner) {
      await tx
        .insert(agents)
        .values({
          ownerId: owner.id,
          name: DEMO.agent.name,
          email: DEMO.agent.email,
          phone: DEMO.agent.phone,
          passwordHash: agentHash,
          isVerified: true,
        })
        .onConflictDoNothing();
      if (ctx.config.sandbox) {
        const account = await createSandboxAccount(tx, owner.id, owner.name, now);
        await seedDemoConversations(tx, account, now);
      }
    }
    await tx
      .insert(admins)
      .values({ name: DEMO.admin.name, username: DEMO.admin.username, passwordHash: adminHash })
      .onConflictDoNothing();
    // the demo takes bank transfers, so the purchase pages can be tried (the operator changes it)
    await tx
      .insert(meta)
      .values({
        key: 'payment_settings',
        value: JSON.stringify({
          bankAccounts: [{ bankName: 'BCA', accountNumber: '1234567890', accountHolder: 'Sapa Demo' }],
          midtrans: null,
        }),
      })
      .onConflictDoNothing();
    await tx.insert(meta).values({ key: 'demo_seeded', value: now.toISOString() }).onConflictDoNothing();
  });
  ctx.log.info('demo workspace seeded: pemilik@demo.test, agen@demo.test, admin (see README)');
  return true;
}

export async function demoWasSeeded(ctx: AppContext): Promise<boolean> {
  const [done] = await ctx.db.select().from(meta).where(eq(meta.key, 'demo_seeded')).limit(1);
  return Boolean(done);
}

/** Creates the operator named by SAPA_ADMIN_USERNAME / SAPA_ADMIN_PASSWORD when no such admin exists. */
export async function ensureBootstrapAdmin(ctx: AppContext): Promise<void> {
  const wanted = ctx.config.bootstrapAdmin;
  if (!wanted) return;
  await ctx.db
    .insert(admins)
    .values({
      name: wanted.username,
      username: wanted.username,
      passwordHash: await hashPassword(wanted.password),
    })
    .onConflictDoNothing();
}

/**
 * A deployment with no operator at all (no demo, no SAPA_ADMIN_*) gets one named 'admin' with a
 * random password, printed once to the console at this first start (never to the log, never again):
 * no known default password exists anywhere.
 */
export async function ensureSomeAdmin(ctx: AppContext): Promise<void> {
  const [any] = await ctx.db.select({ id: admins.id }).from(admins).limit(1);
  if (any) return;
  const password = randomToken().slice(0, 20);
  const created = await ctx.db
    .insert(admins)
    .values({ name: 'Admin', username: 'admin', passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (!created.length) return; // another process made it first
  console.warn(
    [
      '',
      '================================================================',
      ' Sapa: the first operator account was created.',
      `   /login/admin   username: admin   password: ${password}`,
      ' It is shown this once: sign in and change it (Pengaturan).',
      '================================================================',
      '',
    ].join('\n'),
  );
}
