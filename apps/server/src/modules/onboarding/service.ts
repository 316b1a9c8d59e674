import { eq, sql } from 'drizzle-orm';
import { ONBOARDING_STEPS, type OnboardingState, type OnboardingStep } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';

/**
 * The first-run checklist, derived from the tenant's data in one read (each step one EXISTS probe on
 * an owner-scoped index): a linked WhatsApp number or any conversation (the sandbox tried), an agent,
 * a chat template, a contact in a broadcast group (imported or added). Read only: the rows belong to
 * their modules.
 */
export async function getOnboarding(ctx: AppContext, actor: Actor): Promise<OnboardingState> {
  const owner = actor.ownerId;
  const result = (await ctx.db.execute(sql`select
      u.onboarding_dismissed_at is not null as dismissed,
      (exists (select 1 from accounts a where a.owner_id = ${owner} and a.type = 'whatsapp'
          and a.provider <> 'sandbox' and a.linked_at is not null and a.deleted_at is null)
        or exists (select 1 from chats c where c.owner_id = ${owner})) as whatsapp,
      exists (select 1 from agents g where g.owner_id = ${owner}) as agent,
      exists (select 1 from chat_templates t where t.owner_id = ${owner}) as template,
      exists (select 1 from group_contacts k where k.owner_id = ${owner}) as contacts
    from users u where u.id = ${owner}`)) as unknown as {
    rows: (Record<OnboardingStep, boolean> & { dismissed: boolean })[];
  };
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: row[key] === true }));
  return {
    steps,
    done: steps.filter((s) => s.done).length,
    total: steps.length,
    dismissed: row.dismissed === true,
  };
}

/** PUT /onboarding/dismiss: hidden for good (the first dismissal's time is kept). */
export async function dismissOnboarding(ctx: AppContext, actor: Actor): Promise<OnboardingState> {
  await ctx.db
    .update(users)
    .set({
      onboardingDismissedAt: sql`coalesce(${users.onboardingDismissedAt}, ${ctx.clock.now().toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, actor.ownerId));
  return getOnboarding(ctx, actor);
}
