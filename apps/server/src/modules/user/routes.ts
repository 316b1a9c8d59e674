import type { FastifyInstance } from 'fastify';
import {
  t,
  updateUserBody,
  verifyBody,
  userProfile,
  messageResponse,
  userMutationResponse,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import * as user from './service';
import { billingSettingsOf } from '../billing/settings';

/** /api/user: the signed-in owner's (or agent's) own profile, verification and trial (spec §7). */
export function userRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: requireSession(ctx, ['user']) };

    app.get('/user', { ...member, schema: { response: { 200: userProfile } } }, async (request) =>
      user.getProfile(ctx, authOf(request)),
    );

    app.patch(
      '/user',
      { ...member, schema: { body: updateUserBody, response: { 200: userProfile } } },
      async (request) => user.updateProfile(ctx, authOf(request), parse(updateUserBody, request.body)),
    );

    app.post(
      '/user/verify',
      { ...owner, schema: { body: verifyBody, response: { 200: userMutationResponse } } },
      async (request) => {
        const { code } = parse(verifyBody, request.body);
        const profile = await user.verifyUser(ctx, authOf(request), code);
        return { message: t('auth.verifyDone'), user: profile };
      },
    );

    app.post(
      '/user/verify/resend',
      { ...owner, schema: { response: { 200: messageResponse } } },
      async (request) => ({
        message: await user.resendVerification(ctx, authOf(request)),
      }),
    );

    app.post(
      '/user/trial-activate',
      { ...owner, schema: { response: { 200: userMutationResponse } } },
      async (request) => {
        const profile = await user.activateTrial(ctx, authOf(request));
        const { trialDays } = await billingSettingsOf(ctx);
        return { message: t('auth.trialDone', { days: trialDays }), user: profile };
      },
    );
  };
}
