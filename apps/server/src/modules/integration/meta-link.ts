import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  INTEGRATION_MESSAGES as M,
  interpolate,
  type MetaCallbackBody,
  type MetaCallbackResponse,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, channelLinks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { open, seal } from '../../lib/secret-box';
import { graph, GraphError, GraphUnreachable } from '../../channels/meta/graph';
import { META_PROVIDER } from '../../channels/meta/meta-connector';
import { copyPicture } from '../../channels/meta/profile';
import type { AuthContext } from '../auth/sessions';
import { publishAccount } from '../account/service';
import { forgetAccount } from '../chat/kernel';
import { requireSubscription } from '../billing/subscription';
import { planRoom } from '../billing/plan-limits';
import { requireMetaConfigured } from './info';
import { consumeMetaState, requireBetaAccess } from './meta-login';
import { linkError, readPicks, type Candidate, type Kind } from './meta-pages';

/** The fields Meta sends to the webhook for a linked Page (channels reference §2.1 step 6). */
export const SUBSCRIBED_FIELDS = [
  'messages',
  'message_echoes',
  'message_deliveries',
  'message_reads',
  'messaging_postbacks',
  'message_reactions',
];

/** The hours a reply may go out after the person's last message: 7 days with Human Agent. */
const HUMAN_AGENT_HOURS = 168;
const STANDARD_HOURS = 24;

/** The live account of another tenant that holds this Page or Instagram account, if any. */
async function heldByOther(ctx: AppContext, ownerId: string, kind: Kind, externalId: string) {
  const [row] = await ctx.db
    .select({ accountId: channelLinks.accountId })
    .from(channelLinks)
    .innerJoin(accounts, eq(accounts.id, channelLinks.accountId))
    .where(
      and(
        eq(channelLinks.kind, kind),
        eq(channelLinks.externalId, externalId),
        ne(channelLinks.ownerId, ownerId),
        isNull(accounts.deletedAt),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * POST /integration/meta/callback for Messenger and Instagram (issue 25 part 2), after the state was
 * used: the code for a long-lived token, the permissions checked, the picked Pages (or their
 * Instagram accounts) subscribed to the app's webhooks, then one transaction writes them as
 * accounts with their sealed Page tokens. A Page another tenant holds is skipped, nothing of it
 * kept; one this tenant holds is linked again (new token, the red card cleared), never doubled.
 */
export async function linkMetaPages(
  ctx: AppContext,
  auth: AuthContext,
  kind: Kind,
  body: MetaCallbackBody,
): Promise<MetaCallbackResponse> {
  const ownerId = auth.ownerId!;
  if (!body.code) throw new AppError('VALIDATION', M.loginExpired);
  await requireSubscription(ctx, ownerId);

  const { candidates, humanAgent } = await readPicks(ctx, kind, body.code);

  // Graph calls before the transaction: subscribe each Page, copy the pictures
  const skipped: MetaCallbackResponse['skipped'] = [];
  const ready: Candidate[] = [];
  for (const candidate of candidates) {
    if (await heldByOther(ctx, ownerId, kind, candidate.externalId)) {
      skipped.push({ name: candidate.name, reason: M.takenByOther });
      continue;
    }
    try {
      await graph(ctx.config.meta, {
        method: 'POST',
        path: `/${candidate.pageId}/subscribed_apps`,
        query: { subscribed_fields: SUBSCRIBED_FIELDS.join(',') },
        token: candidate.token,
      });
    } catch (error) {
      if (error instanceof GraphUnreachable) throw linkError(error);
      const code = error instanceof GraphError ? error.code : 0;
      skipped.push({ name: candidate.name, reason: interpolate(M.subscribeFailed, { code }) });
      continue;
    }
    candidate.picture = await copyPicture(ctx, ownerId, candidate.pictureUrl);
    ready.push(candidate);
  }

  const now = ctx.clock.now();
  const replyWindowHours = humanAgent ? HUMAN_AGENT_HOURS : STANDARD_HOURS;
  const written = await ctx.db.transaction(async (tx) => {
    // Pages new to this tenant each take a number of its plan; those past it are skipped, with why
    const plan = await planRoom(ctx, tx, ownerId, 'numbers');
    let room = plan.room;
    const done: {
      account: typeof accounts.$inferSelect;
      link: typeof channelLinks.$inferSelect;
      relinked: boolean;
      candidate: Candidate;
    }[] = [];
    for (const candidate of ready) {
      const where = and(eq(channelLinks.kind, kind), eq(channelLinks.externalId, candidate.externalId));
      // a link left by a deleted account holds the Page for nobody: it goes
      await tx
        .delete(channelLinks)
        .where(
          and(
            where,
            sql`${channelLinks.accountId} in (select ${accounts.id} from ${accounts} where ${accounts.deletedAt} is not null)`,
          ),
        );
      const linkValues = {
        parentId: candidate.pageId,
        handle: candidate.handle,
        picture: candidate.picture,
        tokenSealed: seal(ctx.config, candidate.token),
        tokenInvalidAt: null,
        humanAgent,
        updatedAt: now,
      };
      const [held] = await tx.select().from(channelLinks).where(where).limit(1).for('update');
      if (held && held.ownerId !== ownerId) {
        skipped.push({ name: candidate.name, reason: M.takenByOther });
        continue;
      }
      if (held) {
        const [link] = await tx
          .update(channelLinks)
          .set({ ...linkValues, picture: candidate.picture ?? held.picture })
          .where(and(where, eq(channelLinks.ownerId, ownerId)))
          .returning();
        const [account] = await tx
          .update(accounts)
          .set({ status: 'connected', statusReason: null, replyWindowHours, lastSeenAt: now })
          .where(and(eq(accounts.id, held.accountId), eq(accounts.ownerId, ownerId)))
          .returning();
        if (link && account) done.push({ account, link, relinked: true, candidate });
        continue;
      }
      if (room < 1) {
        skipped.push({ name: candidate.name, reason: plan.refusal.message });
        continue;
      }
      room -= 1;
      const [account] = await tx
        .insert(accounts)
        .values({
          ownerId,
          type: kind,
          provider: META_PROVIDER,
          labelName: candidate.name,
          phoneNumber: '',
          status: 'connected',
          statusReason: null,
          linkedAt: now,
          lastSeenAt: now,
          replyWindowHours,
          createdAt: now,
        })
        .returning();
      if (!account) throw new AppError('INTERNAL');
      const [link] = await tx
        .insert(channelLinks)
        .values({
          accountId: account.id,
          ownerId,
          kind,
          externalId: candidate.externalId,
          ...linkValues,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!link) {
        // another tenant linked it a moment ago (its transaction committed first)
        await tx.delete(accounts).where(eq(accounts.id, account.id));
        skipped.push({ name: candidate.name, reason: M.takenByOther });
        continue;
      }
      done.push({ account, link, relinked: false, candidate });
    }
    return done;
  });

  for (const { account, link } of written) {
    forgetAccount(ctx, account.id);
    publishAccount(ctx, account, link);
  }
  return {
    connected: written.map(({ account, link, relinked, candidate }) => ({
      accountId: account.id,
      name: candidate.name,
      handle: link.handle,
      picture: link.picture,
      relinked,
    })),
    skipped,
  };
}

/**
 * POST /integration/meta/callback: what the Facebook dialog sent back to the callback page. The
 * state is used first (this owner's, this session's, this kind's, once); a refusal in the dialog is
 * then told as such; a WhatsApp Cloud API signup goes on in modules/integration/cloud.ts.
 */
export async function finishMetaCallback(
  ctx: AppContext,
  auth: AuthContext,
  body: MetaCallbackBody,
): Promise<MetaCallbackResponse> {
  requireMetaConfigured(ctx);
  await requireBetaAccess(ctx, auth.ownerId!, body.kind);
  await consumeMetaState(ctx, auth, body.kind, body.state);
  if (body.error) throw new AppError('VALIDATION', M.permissionRefused);
  if (body.kind === 'whatsapp-cloud') {
    const { connectCloudFromCallback } = await import('./cloud');
    return connectCloudFromCallback(ctx, auth.ownerId!, body);
  }
  return linkMetaPages(ctx, auth, body.kind, body);
}

/**
 * An account is deleted (DELETE /account/{id}): its link goes, so the Page or number can be linked
 * again (by this tenant or another). When no other live account still uses the Page (its Messenger
 * and Instagram links share it), the app's webhooks are taken off it too - best effort, a Graph
 * failure only logged.
 */
export async function removeChannelLink(ctx: AppContext, accountId: string): Promise<void> {
  const [link] = await ctx.db.delete(channelLinks).where(eq(channelLinks.accountId, accountId)).returning();
  if (!link || (link.kind !== 'messenger' && link.kind !== 'instagram')) return;
  const pageId = link.parentId ?? link.externalId;
  const [other] = await ctx.db
    .select({ accountId: channelLinks.accountId })
    .from(channelLinks)
    .innerJoin(accounts, eq(accounts.id, channelLinks.accountId))
    .where(
      and(
        inArray(channelLinks.kind, ['messenger', 'instagram']),
        or(
          eq(channelLinks.externalId, pageId),
          and(isNotNull(channelLinks.parentId), eq(channelLinks.parentId, pageId)),
        ),
        isNull(accounts.deletedAt),
      ),
    )
    .limit(1);
  if (other || link.tokenInvalidAt) return;
  try {
    await graph(ctx.config.meta, {
      method: 'DELETE',
      path: `/${pageId}/subscribed_apps`,
      token: open(ctx.config, link.tokenSealed),
      timeoutMs: 5_000,
    });
  } catch (err) {
    ctx.log.warn(
      { accountId, code: err instanceof GraphError ? err.code : null },
      'meta subscribed_apps not removed',
    );
  }
}
