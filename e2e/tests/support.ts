import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO = {
  owner: { identifier: 'pemilik@demo.test', password: 'demo12345' },
  agent: { identifier: 'agen@demo.test', password: 'demo12345' },
  admin: { username: 'admin', password: 'admin12345' },
};

let seq = 0;
/** A new owner's details, unique per test run and worker. */
export function newOwner() {
  seq += 1;
  const n = `${Date.now() % 1_000_000}${process.pid % 100}${seq}`.slice(-9).padStart(9, '1');
  return { name: `Toko Uji ${n}`, email: `uji${n}@contoh.test`, local: `8${n}`, password: 'rahasia123' };
}

export async function login(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email atau Nomor Telepon').fill(identifier);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

export async function loginAdmin(page: Page): Promise<void> {
  await page.goto('/login/admin');
  await page.getByLabel('Username').fill(DEMO.admin.username);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

let operatorToken: Promise<string> | null = null;
/** The demo operator's session: the dev mailbox is theirs to read (GET /api/admin/mailbox). */
function operator(request: APIRequestContext): Promise<string> {
  operatorToken ??= request.post('/api/auth/admin/login', { data: DEMO.admin }).then(async (res) => {
    expect(res.status()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  });
  return operatorToken;
}

/** The keys the operator gives the fake Midtrans (playwright.config starts it) in these tests. */
export const MIDTRANS_KEYS = { clientKey: 'SB-Mid-client-UjiE2E', serverKey: 'SB-Mid-server-UjiE2E-rahasia' };
export const OPERATOR_BANK = {
  bankName: 'BCA',
  accountNumber: '8830123456',
  accountHolder: 'PT Sapa Nusantara',
};

/** The operator takes Midtrans (the fake) and transfers to one bank account (issue 22); idempotent. */
export async function configurePayments(request: APIRequestContext): Promise<void> {
  const res = await request.put('/api/admin/payment', {
    headers: { token: await operator(request) },
    data: { bankAccounts: [OPERATOR_BANK], midtrans: { ...MIDTRANS_KEYS, production: false } },
  });
  expect(res.status()).toBe(200);
}

/** The operator makes an owner a beta user (the Instagram and Messenger tabs are beta pages). */
export async function makeBetaUser(request: APIRequestContext, ownerToken: string): Promise<void> {
  const me = (await (await request.get('/api/user', { headers: { token: ownerToken } })).json()) as {
    _id: string;
  };
  const res = await request.put(`/api/admin/user/${me._id}/beta`, {
    headers: { token: await operator(request) },
    data: { isBetaUser: true },
  });
  expect(res.status()).toBe(200);
}

/** The operator sets an owner's subscription end (PUT /api/admin/user/{id}/subscription). */
export async function setSubscriptionEnd(request: APIRequestContext, ownerToken: string, expiresAt: Date) {
  const me = (await (await request.get('/api/user', { headers: { token: ownerToken } })).json()) as {
    _id: string;
  };
  const res = await request.put(`/api/admin/user/${me._id}/subscription`, {
    headers: { token: await operator(request) },
    data: { expiresAt: expiresAt.toISOString(), reason: 'Uji langganan berakhir' },
  });
  expect(res.status()).toBe(200);
}

/** The newest mail to an address in the dev mailbox, read as the operator. */
export async function lastMailTo(request: APIRequestContext, to: string): Promise<string> {
  const token = await operator(request);
  let text = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/mailbox', { headers: { token } });
      const docs = ((await res.json()) as { docs: { to: string; text: string }[] }).docs;
      text = docs.find((d) => d.to === to)?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

/** The owner's session behind each sandbox account a test uses: the simulator is the owner's. */
const ownerOfAccount = new Map<string, string>();

/** The headers of a simulator call for a sandbox account (its owner's session). */
export function simulatorHeaders(accountId: string): { token: string } {
  const token = ownerOfAccount.get(accountId);
  if (!token) throw new Error(`no owner session known for sandbox account ${accountId}`);
  return { token };
}

/** Another sandbox account (Instagram, Messenger) for the owner of `accountId`. */
export async function addSandboxChannel(
  request: APIRequestContext,
  accountId: string,
  type: 'instagram' | 'messenger',
): Promise<string> {
  const res = await request.post('/api/sandbox/account', {
    data: { accountId, type },
    headers: simulatorHeaders(accountId),
  });
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { _id: string })._id;
  ownerOfAccount.set(id, simulatorHeaders(accountId).token);
  return id;
}

/** The demo owner's sandbox account, with their session known for simulator calls. */
export async function demoSandboxAccount(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { identifier: DEMO.owner.identifier, password: DEMO.owner.password },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const accounts = await request.get('/api/sandbox/accounts', { headers: { token } });
  const id = ((await accounts.json()) as { docs: { _id: string; type: string }[] }).docs.find(
    (a) => a.type === 'whatsapp',
  )!._id;
  ownerOfAccount.set(id, token);
  return id;
}

/**
 * Registers an owner through the API as a visitor does, in two steps (the request, then the mailed
 * code), and returns the signed-in owner's token, for tests about what comes after. The owner then
 * starts the free trial, as a new owner does before sending anything (without a subscription nothing
 * goes out); `trial: false` leaves them without one.
 */
export async function registerViaApi(
  request: APIRequestContext,
  owner = newOwner(),
  referralCode?: string,
  options: { trial?: boolean } = {},
) {
  const res = await request.post('/api/auth/register', {
    data: {
      name: owner.name,
      email: owner.email,
      phone: `62${owner.local}`,
      password: owner.password,
      ...(referralCode ? { referralCode } : {}),
    },
  });
  expect(res.status()).toBe(202);
  const code = (await lastMailTo(request, owner.email)).match(/\b(\d{6})\b/)?.[1];
  const v = await request.post('/api/auth/register/verify', { data: { email: owner.email, code } });
  expect(v.status()).toBe(201);
  const { token } = (await v.json()) as { token: string };
  if (options.trial !== false) {
    const trial = await request.post('/api/user/trial-activate', { headers: { token } });
    expect(trial.status()).toBe(200);
  }
  return { owner, token };
}

export function toast(page: Page) {
  return page.getByTestId('toast');
}

/** A verified owner signed in on `page`, with their sandbox account id and token. */
export async function signedInOwner(page: Page, request: APIRequestContext) {
  const { owner, token } = await registerViaApi(request);
  const accounts = await request.get('/api/account', { headers: { token } });
  const accountId = ((await accounts.json()) as { docs: { _id: string; isSandbox: boolean }[] }).docs.find(
    (a) => a.isSandbox,
  )!._id;
  ownerOfAccount.set(accountId, token);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  return { owner, token, accountId };
}

/** The simulated customer writes through the API (for tests about the inbox, not the simulator). */
export async function customerSays(
  request: APIRequestContext,
  accountId: string,
  text: string,
  phoneNumber = '6281234500000',
  name = 'Budi Pelanggan',
) {
  const res = await request.post('/api/sandbox/inbound', {
    data: { accountId, phoneNumber, name, text },
    headers: simulatorHeaders(accountId),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { chatId: string; messageId: string };
}

/** An agent of the owner, created and verified through the API (the agent screen has its own journey). */
export async function verifiedAgent(request: APIRequestContext, token: string, name: string) {
  const person = newOwner();
  const res = await request.post('/api/agent', {
    headers: { token },
    data: { name, email: person.email, phone: `62${person.local}`, password: person.password },
  });
  expect(res.status()).toBe(201);
  const { agent } = (await res.json()) as { agent: { _id: string } };
  const code = (await lastMailTo(request, person.email)).match(/\b(\d{6})\b/)?.[1];
  const verified = await request.put(`/api/agent/${agent._id}/verification`, {
    headers: { token },
    data: { code },
  });
  expect(verified.status()).toBe(200);
  return { id: agent._id, email: person.email, password: person.password, name };
}

/** The agent signed in, in a browser context of their own (Indonesian, Jakarta time). */
export async function agentPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const page = await context.newPage();
  await login(page, email, password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  return page;
}
