import { INTEGRATION_MESSAGES as M, interpolate, type CloudTemplate } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { GraphError, GraphUnreachable, graph } from '../meta/graph';
import { linkOf, markTokenInvalid } from '../meta/link-store';

/** A template as the Graph API lists it (GET /{waba-id}/message_templates). */
interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: { type?: string; format?: string; text?: string }[];
}

interface GraphTemplatePage {
  data?: GraphTemplate[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** An approved template with what sending it needs: its placeholders in the order values fill them. */
export interface KnownTemplate extends CloudTemplate {
  /** '1', '2'... (positional, by number) or the names of a named template, each once */
  placeholders: string[];
  /** the body's placeholders are names ({{first_name}}): sent with parameter_name */
  named: boolean;
}

/** Templates read per page, and pages followed at most (a WABA has up to a few hundred). */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;
/** How long a number's list is trusted: a template approved a minute ago shows up soon enough. */
export const TEMPLATE_CACHE_MS = 60_000;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The distinct placeholders of a body: numbers in numeric order, or names in order of appearance. */
export function placeholdersOf(body: string): { placeholders: string[]; named: boolean } {
  const seen = [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  const named = seen.some((p) => !/^\d+$/.test(p));
  return { placeholders: named ? seen : seen.sort((a, b) => Number(a) - Number(b)), named };
}

/** The body with each placeholder replaced by its value (values in the order of `placeholders`). */
export function fillTemplate(template: KnownTemplate, values: string[]): string {
  const byName = new Map(template.placeholders.map((p, i) => [p, values[i] ?? '']));
  return template.body.replace(PLACEHOLDER, (whole, name: string) => byName.get(name) ?? whole);
}

function textOf(template: GraphTemplate, type: string): string | null {
  const part = template.components?.find((c) => c.type?.toUpperCase() === type);
  if (!part || (type === 'HEADER' && part.format && part.format.toUpperCase() !== 'TEXT')) return null;
  return part.text ?? null;
}

function known(template: GraphTemplate): KnownTemplate | null {
  if (!template.name || !template.language || template.status?.toUpperCase() !== 'APPROVED') return null;
  const body = textOf(template, 'BODY') ?? '';
  const { placeholders, named } = placeholdersOf(body);
  return {
    name: template.name,
    language: template.language,
    category: (template.category ?? '').toUpperCase(),
    body,
    header: textOf(template, 'HEADER'),
    footer: textOf(template, 'FOOTER'),
    parameterCount: placeholders.length,
    placeholders,
    named,
  };
}

const caches = new WeakMap<AppContext, Map<string, { at: number; templates: KnownTemplate[] }>>();

/**
 * The approved templates of a WhatsApp Business Account, read from Meta (paging followed up to
 * MAX_PAGES) and kept TEMPLATE_CACHE_MS per account, so a composer opening the picker and the send
 * that follows ask Meta once. Graph errors are the caller's to map.
 */
export async function approvedTemplates(
  ctx: AppContext,
  link: { accountId: string; parentId: string | null },
  token: string,
  options: { fresh?: boolean } = {},
): Promise<KnownTemplate[]> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  const now = ctx.clock.now().getTime();
  const kept = cache.get(link.accountId);
  if (kept && !options.fresh && now - kept.at < TEMPLATE_CACHE_MS) return kept.templates;
  const templates: KnownTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await graph<GraphTemplatePage>(ctx.config.meta, {
      path: `/${encodeURIComponent(link.parentId ?? '')}/message_templates`,
      query: { fields: 'name,language,status,category,components', limit: PAGE_SIZE, after },
      token,
    });
    for (const template of answer.data ?? []) {
      const ok = known(template);
      if (ok) templates.push(ok);
    }
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  templates.sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
  if (cache.size > 1000) cache.clear();
  cache.set(link.accountId, { at: now, templates });
  return templates;
}

/** Forgets an account's list (its token changed: the next read asks Meta). */
export function forgetTemplates(ctx: AppContext, accountId: string): void {
  caches.get(ctx)?.delete(accountId);
}

/** The public shape of a template (without what only sending needs). */
export function publicTemplate(template: KnownTemplate): CloudTemplate {
  const { placeholders: _placeholders, named: _named, ...shown } = template;
  return shown;
}

/** A template as a message carries it (messages.channel_extra.template) for the connector. */
export interface TemplateExtra {
  name: string;
  language: string;
  parameters: string[];
  /** the placeholders' names of a template with named parameters ({{first_name}}) */
  parameterNames?: string[];
}

/** Meta's refusal of a template list as the API's error: a refused token also marks the link. */
async function listFailure(ctx: AppContext, accountId: string, error: unknown): Promise<AppError> {
  if (error instanceof GraphUnreachable) return new AppError('UNAVAILABLE', M.metaUnreachable);
  if (!(error instanceof GraphError)) throw error;
  if (error.tokenInvalid) {
    await markTokenInvalid(ctx, accountId);
    return new AppError('CONFLICT', M['send.tokenInvalid']);
  }
  return new AppError('UNAVAILABLE', interpolate(M.templatesFailed, { reason: error.message }));
}

/**
 * The approved templates of a Cloud API account (the number's WABA), as API errors: 400 cloudOnly
 * for an account that is not on the Cloud API, 409 when its token was refused, 503 when Meta fails.
 */
export async function accountTemplates(
  ctx: AppContext,
  accountId: string,
  options: { fresh?: boolean } = {},
): Promise<KnownTemplate[]> {
  const linked = await linkOf(ctx, accountId);
  if (!linked || linked.link.kind !== 'whatsapp-cloud') throw new AppError('VALIDATION', M.cloudOnly);
  if (linked.link.tokenInvalidAt) throw new AppError('CONFLICT', M['send.tokenInvalid']);
  try {
    return await approvedTemplates(ctx, { accountId, parentId: linked.link.parentId }, linked.token, options);
  } catch (error) {
    throw await listFailure(ctx, accountId, error);
  }
}

/**
 * A template send checked against the number's approved templates (a list read within the minute,
 * read again once when the template is not in it: it may have just been approved): the filled-in
 * body as the message's text and what the connector sends. 400 templateNotFound, or
 * templateParameters when the values are not exactly as many as the body's placeholders.
 */
export async function templateToSend(
  ctx: AppContext,
  accountId: string,
  input: { name: string; language: string; parameters: string[] },
): Promise<{ text: string; template: TemplateExtra }> {
  const find = (list: KnownTemplate[]) =>
    list.find((t) => t.name === input.name && t.language === input.language);
  const found =
    find(await accountTemplates(ctx, accountId)) ??
    find(await accountTemplates(ctx, accountId, { fresh: true }));
  if (!found) throw new AppError('VALIDATION', M.templateNotFound);
  if (input.parameters.length !== found.parameterCount) {
    throw new AppError('VALIDATION', interpolate(M.templateParameters, { count: found.parameterCount }));
  }
  return {
    text: fillTemplate(found, input.parameters),
    template: {
      name: found.name,
      language: found.language,
      parameters: input.parameters,
      ...(found.named ? { parameterNames: found.placeholders } : {}),
    },
  };
}
