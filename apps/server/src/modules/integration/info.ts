import { INTEGRATION_MESSAGES as M, type MetaIntegrationInfo } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { canKeepSecrets } from '../../lib/secret-box';

/**
 * Why Meta's channels cannot be linked on this server, or null: the operator has not set the Meta
 * app (id, secret, verify token), or there is no key to seal the Page tokens with.
 */
export function metaProblem(ctx: AppContext): string | null {
  if (!ctx.config.meta.configured) return M.notConfigured;
  if (!canKeepSecrets(ctx.config)) return M.secretKeyMissing;
  return null;
}

/** Refuses a link while metaProblem has one (400, its Indonesian sentence). */
export function requireMetaConfigured(ctx: AppContext): void {
  const problem = metaProblem(ctx);
  if (problem) throw new AppError('VALIDATION', problem);
}

/** GET /integration/meta: what the Instagram, Messenger and Cloud API tabs say about the operator's setup. */
export function metaIntegrationInfo(ctx: AppContext): MetaIntegrationInfo {
  const problem = metaProblem(ctx);
  return {
    configured: problem === null,
    problem,
    embeddedSignup: !!ctx.config.meta.whatsappConfigId,
  };
}
