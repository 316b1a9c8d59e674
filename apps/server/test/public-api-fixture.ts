import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { resetTokenResponse, userProfile } from '@sapa/contracts';
import { createSandboxAccount } from '../src/modules/account/service';
import { json, ownerWithSandbox, type Method, type UsedTestApp } from './helpers';

/** A number and its API token (issue 26). */
export interface ApiNumber {
  accountId: string;
  token: string;
}
/** An owner signed in, with their sandbox number's API token. */
export interface ApiOwner {
  session: string;
  ownerId: string;
  /** the sandbox number every owner gets */
  a: ApiNumber;
}

/** The public API's test parts on a test app: owners with tokens, second numbers, bearer calls. */
export function publicApiFixture(t: UsedTestApp) {
  const call = (method: Method, url: string, token: string) =>
    t.app.inject({ method, url, headers: { token } });

  async function newToken(session: string, accountId: string): Promise<string> {
    const res = await call('PUT', `/api/account/whatsapp/${accountId}/reset-token`, session);
    expect(res.statusCode, res.body).toBe(200);
    return json(res, resetTokenResponse).token;
  }

  async function owner(): Promise<ApiOwner> {
    const { token: session, accountId } = await ownerWithSandbox(t.app);
    const ownerId = json(await call('GET', '/api/user', session), userProfile)._id;
    return { session, ownerId, a: { accountId, token: await newToken(session, accountId) } };
  }

  /** A second number of the same owner (another sandbox number) with its own token. */
  async function secondNumber(o: ApiOwner): Promise<ApiNumber> {
    const row = await createSandboxAccount(t.ctx.db, o.ownerId, 'Nomor Kedua', t.clock.now());
    return { accountId: row.id, token: await newToken(o.session, row.id) };
  }

  /** A call of the public API with a number's token as the bearer. */
  function api(
    method: Method,
    url: string,
    token: string | null,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  return { newToken, owner, secondNumber, api };
}
