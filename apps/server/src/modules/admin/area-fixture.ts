import * as api from '@sapa/contracts';
import type { TestApp } from '../../../test/helpers';
import { enableBankTransfer, json, newOwner, operatorToken, registerOwner } from '../../../test/helpers';

/** Test helpers of the admin area (issue 23): owners made through the API, purchases paid by the operator. */

/** A registered owner (on the trial unless `trial: false`) with their id and sign-in input. */
export async function ownerNamed(
  t: TestApp,
  name: string,
  options: { trial?: boolean; referralCode?: string } = {},
) {
  const input = {
    ...newOwner({ name }),
    ...(options.referralCode ? { referralCode: options.referralCode } : {}),
  };
  const { token } = await registerOwner(t.app, input as ReturnType<typeof newOwner>, {
    trial: options.trial ?? true,
  });
  const profile = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  );
  return { token, input, id: profile._id, referralCode: profile.referralCode };
}

/** The owner buys a plan by bank transfer and the operator confirms it: their subscription is paid. */
export async function buyPlan(t: TestApp, ownerToken: string, planKey = 'pro', months = 1) {
  await enableBankTransfer(t);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/transaction',
    headers: { token: ownerToken },
    payload: { planKey, months, method: 'bank_transfer', idempotencyKey: `beli-${api.temporaryId()}` },
  });
  if (made.statusCode >= 300) throw new Error(`purchase: ${made.statusCode} ${made.body}`);
  const id = json(made, api.transaction)._id;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/admin/transaction/${id}/confirm`,
    headers: { token: await operatorToken(t.app) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return json(confirmed, api.transaction);
}
