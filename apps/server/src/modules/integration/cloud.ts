import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_LABEL_MAX,
  INTEGRATION_MESSAGES as M,
  interpolate,
  type Account,
  type CloudTemplate,
  type CreateWhatsappCloudBody,
  type MetaCallbackBody,
  type MetaCallbackResponse,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, channelLinks } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { canKeepSecrets, seal } from '../../lib/secret-box';
import { GraphError, GraphUnreachable, graph } from '../../channels/meta/graph';
import { WHATSAPP_CLOUD } from '../../channels/whatsapp-cloud/inbound';
import { accountTemplates, forgetTemplates, publicTemplate } from '../../channels/whatsapp-cloud/templates';
import type { Actor } from '../auth/actor';
import { requireSubscription } from '../billing/subscription';
import { PlanFull, requirePlanRoom } from '../billing/plan-limits';
import { forgetAccount } from '../chat/kernel';
import { requireChat } from '../chat/messages';
import { getAccount, publishAccount, toAccount } from '../account/service';
import { metaRedirectUri } from './meta-login';

/** The reply window of a Cloud API number (channels reference §3.6): templates only after it. */
export const CLOUD_REPLY_WINDOW_HOURS = 24;

/** GET /{phone-number-id}: what Meta knows of the number. */
interface NumberInfo {
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
}

/** What linking a number needs: its ids and a token that may act on them. */
interface CloudLinkInput {
  phoneNumberId: string;
  wabaId: string;
  token: string;
  /** the account's name; null: the number's verified name (Embedded Signup asks none) */
  labelName: string | null;
}

/** The Meta app is set up and tokens can be kept sealed, or the refusal the tabs show. */
function requireMetaApp(ctx: AppContext): void {
  if (!ctx.config.meta.configured) throw new AppError('VALIDATION', M.notConfigured);
  if (!canKeepSecrets(ctx.config)) throw new AppError('VALIDATION', M.secretKeyMissing);
}

/** Meta's reason, without the token should Meta ever quote it. */
function reasonOf(error: GraphError, token: string): string {
  const text = error.details || error.message || `HTTP ${error.status}`;
  return token ? text.split(token).join('***') : text;
}

/** A Graph failure while linking as the API's error: 503 when Meta is away, else 400 with Meta's reason. */
function linkFailure(error: unknown, token: string, message: string): AppError {
  if (error instanceof GraphUnreachable) return new AppError('UNAVAILABLE', M.metaUnreachable);
  if (error instanceof GraphError)
    return new AppError('VALIDATION', interpolate(message, { reason: reasonOf(error, token) }));
  throw error;
}

/** Result of linking: the account, its link, and whether it was linked before (a token replaced). */
interface Linked {
  account: typeof accounts.$inferSelect;
  link: typeof channelLinks.$inferSelect;
  relinked: boolean;
}

/** The number is another tenant's (a live account of theirs holds it). */
class TakenByOther extends Error {}

/**
 * Links a Cloud API number to a tenant (issue 25 part 5): the token must read the number
 * (GET /{phone-number-id}), the app subscribes to the WABA's webhooks (POST /{waba-id}/subscribed_apps),
 * then the account (type whatsapp, provider whatsapp-cloud, 24-hour window) and its link with the
 * token sealed are written in one transaction. The same tenant linking the number again keeps its
 * account: the token is replaced and a refused token forgotten. A number another tenant holds is
 * refused (TakenByOther) - only after Meta accepted the token, so nobody learns who holds a number
 * without being able to act on it.
 */
async function linkCloudNumber(ctx: AppContext, ownerId: string, input: CloudLinkInput): Promise<Linked> {
  requireMetaApp(ctx);
  await requireSubscription(ctx, ownerId);
  let info: NumberInfo;
  try {
    info = await graph<NumberInfo>(ctx.config.meta, {
      path: `/${encodeURIComponent(input.phoneNumberId)}`,
      query: { fields: 'display_phone_number,verified_name,quality_rating' },
      token: input.token,
    });
  } catch (error) {
    throw linkFailure(error, input.token, M.cloudCheckFailed);
  }
  try {
    await graph(ctx.config.meta, {
      method: 'POST',
      path: `/${encodeURIComponent(input.wabaId)}/subscribed_apps`,
      token: input.token,
    });
  } catch (error) {
    throw linkFailure(error, input.token, M.linkFailed);
  }
  const display = info.display_phone_number ?? '';
  const digits = display.replace(/\D/g, '');
  const labelName =
    input.labelName ?? (info.verified_name || display || input.phoneNumberId).slice(0, ACCOUNT_LABEL_MAX);
  const now = ctx.clock.now();
  const sealed = seal(ctx.config, input.token);
  const write = () =>
    ctx.db.transaction(async (tx): Promise<Linked> => {
      const [held] = await tx
        .select({ link: channelLinks, account: accounts })
        .from(channelLinks)
        .innerJoin(accounts, eq(accounts.id, channelLinks.accountId))
        .where(and(eq(channelLinks.kind, WHATSAPP_CLOUD), eq(channelLinks.externalId, input.phoneNumberId)))
        .limit(1)
        .for('update');
      if (held && !held.account.deletedAt && held.account.ownerId !== ownerId) throw new TakenByOther();
      if (held && !held.account.deletedAt) {
        const [account] = await tx
          .update(accounts)
          .set({ labelName, phoneNumber: digits, status: 'connected', statusReason: null, linkedAt: now })
          .where(and(eq(accounts.id, held.account.id), eq(accounts.ownerId, ownerId)))
          .returning();
        const [link] = await tx
          .update(channelLinks)
          .set({
            parentId: input.wabaId,
            handle: display,
            tokenSealed: sealed,
            tokenInvalidAt: null,
            updatedAt: now,
          })
          .where(and(eq(channelLinks.accountId, held.account.id), eq(channelLinks.ownerId, ownerId)))
          .returning();
        return { account: account!, link: link!, relinked: true };
      }
      // a deleted account never comes back: its old link frees the number for a new account
      // a new number for this tenant: its plan must have room (a relink above never counts twice)
      await requirePlanRoom(ctx, tx, ownerId, 'numbers');
      if (held) await tx.delete(channelLinks).where(eq(channelLinks.accountId, held.account.id));
      const [account] = await tx
        .insert(accounts)
        .values({
          ownerId,
          type: 'whatsapp',
          provider: WHATSAPP_CLOUD,
          labelName,
          phoneNumber: digits,
          status: 'connected',
          statusReason: null,
          replyWindowHours: CLOUD_REPLY_WINDOW_HOURS,
          linkedAt: now,
          createdAt: now,
        })
        .returning();
      const [link] = await tx
        .insert(channelLinks)
        .values({
          accountId: account!.id,
          ownerId,
          kind: WHATSAPP_CLOUD,
          externalId: input.phoneNumberId,
          parentId: input.wabaId,
          handle: display,
          tokenSealed: sealed,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { account: account!, link: link!, relinked: false };
    });
  // two links of one number at once: the second finds the first's row when it tries again
  const linked = await write().catch((error: unknown) => {
    if (isUniqueViolation(error)) return write();
    throw error;
  });
  forgetAccount(ctx, linked.account.id);
  forgetTemplates(ctx, linked.account.id);
  publishAccount(ctx, linked.account, linked.link);
  return linked;
}

/**
 * POST /account/whatsapp-cloud: an owner links a number by its phone number id, WABA id and a token
 * (a system user's, for their own number). 201 with the account; 409 takenByOther when another
 * tenant holds the number; 400 with Meta's reason when the token cannot read it.
 */
export async function connectCloudNumber(
  ctx: AppContext,
  actor: Actor,
  body: CreateWhatsappCloudBody,
): Promise<Account> {
  try {
    const { account, link } = await linkCloudNumber(ctx, actor.ownerId, {
      phoneNumberId: body.phoneNumberId,
      wabaId: body.wabaId,
      token: body.token,
      labelName: body.labelName,
    });
    return toAccount(account, link);
  } catch (error) {
    if (error instanceof TakenByOther) throw new AppError('CONFLICT', M.takenByOther);
    throw error;
  }
}

/**
 * Embedded Signup's end (the Meta callback route hands kind 'whatsapp-cloud' here, its state already
 * checked): the code becomes a business token (GET /oauth/access_token), then the number the user
 * picked is linked as with the form, named after its verified name. A number another tenant holds is
 * reported as skipped with the reason.
 */
export async function connectCloudFromCallback(
  ctx: AppContext,
  ownerId: string,
  body: MetaCallbackBody,
): Promise<MetaCallbackResponse> {
  requireMetaApp(ctx);
  if (body.error) throw new AppError('VALIDATION', M.permissionRefused);
  if (!body.code) throw new AppError('VALIDATION', M.loginExpired);
  const phoneNumberId = body.phone_number_id?.trim() ?? '';
  const wabaId = body.waba_id?.trim() ?? '';
  if (!/^\d{5,30}$/.test(phoneNumberId) || !/^\d{5,30}$/.test(wabaId)) {
    throw new AppError('VALIDATION', M.cloudSignupIncomplete);
  }
  let token: string;
  try {
    const answer = await graph<{ access_token?: string }>(ctx.config.meta, {
      path: '/oauth/access_token',
      // the same redirect_uri the dialog was opened with: Meta checks that they match
      query: {
        client_id: ctx.config.meta.appId,
        client_secret: ctx.config.meta.appSecret,
        redirect_uri: metaRedirectUri(ctx, 'whatsapp-cloud'),
        code: body.code,
      },
    });
    if (!answer.access_token) throw new AppError('VALIDATION', M.loginExpired);
    token = answer.access_token;
  } catch (error) {
    if (error instanceof GraphError) throw new AppError('VALIDATION', M.loginExpired);
    throw linkFailure(error, '', M.linkFailed);
  }
  try {
    const { account, link, relinked } = await linkCloudNumber(ctx, ownerId, {
      phoneNumberId,
      wabaId,
      token,
      labelName: null,
    });
    return {
      connected: [
        { accountId: account.id, name: account.labelName, handle: link.handle, picture: null, relinked },
      ],
      skipped: [],
    };
  } catch (error) {
    if (error instanceof TakenByOther) {
      return { connected: [], skipped: [{ name: phoneNumberId, reason: M.takenByOther }] };
    }
    // as a Page past the plan in a Meta login: skipped, with the plan's reason
    if (error instanceof PlanFull) {
      return { connected: [], skipped: [{ name: phoneNumberId, reason: error.message }] };
    }
    throw error;
  }
}

/**
 * GET /account/{id}/template-cloud: the approved templates of a Cloud API number of the caller's
 * tenant, for starting a conversation (the start-chat dialog); 400 cloudOnly for other accounts.
 */
export async function listAccountCloudTemplates(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
): Promise<{ docs: CloudTemplate[] }> {
  const account = await getAccount(ctx, actor, accountId);
  if (account.provider !== WHATSAPP_CLOUD) throw new AppError('VALIDATION', M.cloudOnly);
  return { docs: (await accountTemplates(ctx, account.id)).map(publicTemplate) };
}

/**
 * GET /chat/{id}/template-cloud: the approved templates of the chat's number, for the composer's
 * picker (a chat of the caller's tenant; 400 cloudOnly for a chat not on the Cloud API).
 */
export async function listChatCloudTemplates(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
): Promise<{ docs: CloudTemplate[] }> {
  const chat = await requireChat(ctx, actor, chatId);
  if (chat.account.provider !== WHATSAPP_CLOUD) throw new AppError('VALIDATION', M.cloudOnly);
  return { docs: (await accountTemplates(ctx, chat.accountId)).map(publicTemplate) };
}
