import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessible } from './axe';
import { customerSays, signedInOwner } from './support';

/**
 * Issue 26 in Chromium: the documentation page of the public API, a request copied from it run with
 * curl, and a number's webhook received by a local server that checks it with the documented snippet.
 */

interface OpenApi {
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
  tags: { name: string }[];
}

async function apiToken(request: APIRequestContext, session: string, accountId: string): Promise<string> {
  const res = await request.put(`/api/account/whatsapp/${accountId}/reset-token`, {
    headers: { token: session },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Opens every tag of Scalar's sidebar ('<tag> Open Group'), so each operation's title is listed. */
async function openEveryTag(page: Page, tags: string[]) {
  const reference = page.getByTestId('api-reference');
  for (const tag of tags) {
    const open = reference.getByRole('button', { name: `${tag} Open Group`, exact: true });
    if (await open.count()) await open.first().click();
    await expect(reference.getByRole('button', { name: `${tag} Close Group`, exact: true })).toBeVisible();
  }
  return reference.getByRole('navigation').first();
}

test('the documentation lists every operation with this server, and its curl sends a message into the inbox', async ({
  page,
  request,
}) => {
  const { token: session, accountId } = await signedInOwner(page, request);
  const token = await apiToken(request, session, accountId);
  const document = (await (await request.get('/api/v1/openapi.json')).json()) as OpenApi;

  await page.goto('/user/documentation');
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByText('Sapa API publik').first()).toBeVisible({ timeout: 30_000 });
  const sidebar = await openEveryTag(
    page,
    document.tags.map((t) => t.name),
  );
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThanOrEqual(20);
  for (const operation of operations) {
    expect(operation.summary, JSON.stringify(operation.tags)).toBeTruthy();
    await expect(sidebar.getByText(operation.summary!, { exact: true }).first()).toBeAttached();
  }
  // the reader's own server in the examples, not a placeholder host
  await sidebar.getByText('Kirim pesan', { exact: true }).first().click();
  const curl = reference
    .locator('pre, code')
    .filter({ hasText: `curl ${baseURL}/api/v1/messages` })
    .first();
  await expect(curl).toBeVisible();
  const copied = await curl.innerText();
  expect(copied).toContain('TOKEN_NOMOR_ANDA');
  expect(copied).toContain('Halo dari API Sapa');

  // run as the developer would, with their token in place of the placeholder
  const output = execFileSync('bash', ['-c', copied.replace('TOKEN_NOMOR_ANDA', token)], {
    encoding: 'utf8',
    timeout: 15_000,
    // curl's progress meter goes to stderr
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const sent = JSON.parse(output) as { _id: string; chatId: string; text: string };
  expect(sent.text).toBe('Halo dari API Sapa');

  await page.goto('/user/chat');
  await expect(page.getByTestId('chat-list').getByText('Halo dari API Sapa')).toBeVisible();
  await expectAccessible(page, 'documentation', undefined);
});

interface EventData {
  message: { text: string };
  chat: { phone: string };
}

/** A webhook receiver on 127.0.0.1 checking each delivery with the documentation's own snippet. */
async function receiver(verifierFile: string) {
  const { verifySapaWebhook } = (await import(pathToFileURL(verifierFile).href)) as {
    verifySapaWebhook: (
      raw: string,
      header: string,
      secret: string,
    ) => { id: string; type: string; data: EventData };
  };
  const state = {
    status: 200,
    secret: '',
    verified: [] as { id: string; type: string; data: EventData }[],
    refused: 0,
    answered: [] as { id: string; status: number }[],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = verifySapaWebhook(raw, String(req.headers['sapa-signature']), state.secret);
        state.verified.push(event);
        state.answered.push({ id: event.id, status: state.status });
        res.writeHead(state.status).end();
      } catch {
        state.refused++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/sapa`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a webhook receiver verifies signed events with the documented snippet; a failing one shows retries and is replayed', async ({
  page,
  request,
}) => {
  const { token: session, accountId } = await signedInOwner(page, request);
  void session;

  // the verification snippet as the documentation shows it
  await page.goto('/user/documentation');
  const snippetBlock = page
    .getByTestId('api-reference')
    .locator('pre, code')
    .filter({ hasText: 'export function verifySapaWebhook' })
    .first();
  await expect(snippetBlock).toBeVisible({ timeout: 30_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-e2e-verify-'));
  const verifierFile = path.join(dir, 'verify.mjs');
  fs.writeFileSync(verifierFile, await snippetBlock.innerText());
  const hook = await receiver(verifierFile);

  try {
    // the owner sets the number's webhook in Integrasi and keeps the secret shown once
    await page.goto('/user/integration/whatsapp');
    const card = page.getByTestId('wa-card').filter({ hasText: 'Sandbox' });
    await card.getByTestId('wa-menu').click();
    await page.getByTestId('wa-webhook').click();
    const drawer = page.getByTestId('webhook-drawer');
    await expect(drawer).toBeVisible();
    await page.getByTestId('webhook-url').fill(hook.url);
    await page.getByTestId('webhook-save').click();
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    hook.state.secret = secret;
    await expectAccessible(page, 'webhook secret', page.getByTestId('webhook-secret'));
    await page.getByTestId('webhook-secret-done').click();

    // a customer writes: the receiver gets the signed event and the snippet accepts it
    await customerSays(request, accountId, 'Halo, ada webhook?', '6281377700011', 'Rina');
    await expect.poll(() => hook.state.verified.length).toBe(1);
    const [event] = hook.state.verified;
    expect(event!.type).toBe('message.received');
    expect(event!.data.message.text).toBe('Halo, ada webhook?');
    expect(event!.data.chat.phone).toBe('6281377700011');
    expect(hook.state.refused).toBe(0);

    // the receiver fails: the log shows the attempts and the answer's code
    hook.state.status = 500;
    await customerSays(request, accountId, 'Pesan saat server Anda error', '6281377700011', 'Rina');
    const log = page.getByTestId('webhook-log');
    const failing = log.getByTestId('webhook-row').first();
    await expect
      .poll(
        async () => {
          await page.getByTestId('webhook-refresh').click();
          return Number(await failing.getByTestId('webhook-attempts').innerText());
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await expect(failing).toHaveAttribute('data-status', 'pending');
    await expect(failing.getByTestId('webhook-code')).toContainText('500');
    const failingId = (await failing.getAttribute('data-id'))!;
    expect(hook.state.answered.filter((a) => a.id === failingId).length).toBeGreaterThanOrEqual(2);
    await expectAccessible(page, 'webhook log', log);

    // the receiver is fixed: the event goes through (its own retry or the replay), then a replay
    // sends the delivered event once more, with the same id
    hook.state.status = 200;
    await failing.getByTestId('webhook-replay').click();
    await expect
      .poll(
        async () => {
          await page.getByTestId('webhook-refresh').click();
          return log.locator(`[data-id="${failingId}"]`).getAttribute('data-status');
        },
        { timeout: 30_000 },
      )
      .toBe('delivered');
    const okBefore = hook.state.answered.filter((a) => a.id === failingId && a.status === 200).length;
    await log.locator(`[data-id="${failingId}"]`).getByTestId('webhook-replay').click();
    await expect
      .poll(() => hook.state.answered.filter((a) => a.id === failingId && a.status === 200).length)
      .toBe(okBefore + 1);
    expect(hook.state.refused).toBe(0);
  } finally {
    await hook.close();
  }
});
