import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  metaCallbackResponse,
  userProfile,
  type ChannelLinkKind,
  type MetaCallbackResponse,
} from '@sapa/contracts';
import { startFakeGraph, type FakeGraph } from './fake-graph';
import { installPages, type PagesState } from './fake-graph-pages';
import { createTestApp, drainJobs, json, operatorToken, registerOwner, type TestApp } from './helpers';

/**
 * The server wired to a fake Graph API on 127.0.0.1 (issue 25 part 6) with the Pages routes, a
 * temporary media folder, and helpers that go through Facebook's dialog and post signed webhooks
 * the way Meta does. Nothing here reaches the internet.
 */
export interface MetaHarness {
  t: TestApp;
  fake: FakeGraph;
  pages: PagesState;
  close(): Promise<void>;
}

export const VERIFY_TOKEN = 'token-verifikasi-uji';

export async function startMetaHarness(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<MetaHarness> {
  const fake = await startFakeGraph();
  const pages = installPages(fake);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-meta-'));
  const t = await createTestApp({
    env: {
      META_APP_ID: fake.appId,
      META_APP_SECRET: fake.appSecret,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      META_GRAPH_URL: fake.url,
      META_DIALOG_URL: fake.url,
      SAPA_DATA_DIR: dataDir,
      ...env,
    },
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    t,
    fake,
    pages,
    close: async () => {
      await t.close();
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An owner whom the operator made a beta user (the Instagram and Messenger tabs are beta pages by
 * default), with a running trial unless `trial: false`.
 */
export async function betaOwner(h: MetaHarness, options: { beta?: boolean; trial?: boolean } = {}) {
  const { token } = await registerOwner(h.t.app, undefined, { trial: options.trial !== false });
  const ownerId = json(
    await h.t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    userProfile,
  )._id;
  if (options.beta !== false) {
    const res = await h.t.app.inject({
      method: 'PUT',
      url: `/api/admin/user/${ownerId}/beta`,
      headers: { token: await operatorToken(h.t.app) },
      payload: { isBetaUser: true },
    });
    if (res.statusCode !== 200) throw new Error(`beta flag: ${res.statusCode} ${res.body}`);
  }
  return { token, ownerId };
}

/** POST /integration/meta/login: the dialog's address (throws unless 200). */
export async function loginUrl(h: MetaHarness, token: string, kind: ChannelLinkKind): Promise<URL> {
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/integration/meta/login',
    headers: { token },
    payload: { kind },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return new URL(json<{ url: string }>(res).url);
}

/**
 * Goes through the fake dialog as a person would: opens it (the Pages listed as checkboxes), keeps
 * the ticked Pages (all, or `pick`), presses 'Lanjutkan' (or 'Batal') and follows Facebook's
 * redirect. Answers the callback page's query as the page would post it.
 */
export async function throughDialog(
  h: MetaHarness,
  url: URL,
  options: { pick?: string[]; cancel?: boolean } = {},
): Promise<Record<string, string>> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`dialog: ${page.status} ${html}`);
  const ticked = [...html.matchAll(/name="page" value="([^"]+)"/g)].map((m) => m[1]!);
  const form = new URL('/dialog/oauth/confirm', h.fake.url);
  form.searchParams.set('state', /name="state" value="([^"]+)"/.exec(html)![1]!);
  form.searchParams.set(
    'redirect_uri',
    /name="redirect_uri" value="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'),
  );
  for (const id of options.pick ?? ticked) form.searchParams.append('page', id);
  form.searchParams.set('decision', options.cancel ? 'cancel' : 'allow');
  const back = await fetch(form, { redirect: 'manual' });
  const location = back.headers.get('location');
  if (back.status !== 302 || !location) throw new Error(`dialog answered ${back.status}`);
  return Object.fromEntries(new URL(location).searchParams);
}

/** POST /integration/meta/callback with what the dialog sent back. */
export function postCallback(
  h: MetaHarness,
  token: string,
  kind: ChannelLinkKind,
  query: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return h.t.app.inject({
    method: 'POST',
    url: '/api/integration/meta/callback',
    headers: { token },
    payload: { kind, ...query },
  });
}

/** The whole link flow: login, the dialog, the callback; throws unless the callback answers 200. */
export async function linkThroughDialog(
  h: MetaHarness,
  token: string,
  kind: 'messenger' | 'instagram',
  pick?: string[],
): Promise<MetaCallbackResponse> {
  const query = await throughDialog(h, await loginUrl(h, token, kind), pick ? { pick } : {});
  const res = await postCallback(h, token, kind, query);
  if (res.statusCode !== 200) throw new Error(`callback: ${res.statusCode} ${res.body}`);
  return json(res, metaCallbackResponse);
}

/** POSTs a raw webhook body to /webhooks/meta, signed with the app secret unless told otherwise. */
export function postWebhook(
  h: MetaHarness,
  payload: unknown,
  signature?: string,
): Promise<LightMyRequestResponse> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return h.t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? h.fake.sign(raw) },
    payload: raw,
  });
}

/** A signed delivery, then its job run (throws unless Meta would have heard 200). */
export async function receive(h: MetaHarness, payload: unknown): Promise<void> {
  const res = await postWebhook(h, payload);
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  await drainJobs(h.t);
}

/** A delivery of messaging items for one Page ('page') or Instagram account ('instagram'). */
export function messaging(object: 'page' | 'instagram', entryId: string, items: unknown[]) {
  return { object, entry: [{ id: entryId, time: Date.now(), messaging: items }] };
}
