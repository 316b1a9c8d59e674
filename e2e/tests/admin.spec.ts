import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, configurePayments, login, loginAdmin, signedInOwner, toast } from './support';

/**
 * Issue 23: the operators' admin area. Each journey has an owner in one browser and the demo operator
 * in another, as it happens on a Monday morning.
 */
test.beforeAll(async ({ request }) => configurePayments(request));

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' })).newPage();
  await loginAdmin(page);
  return page;
}

async function axeClean(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test("an operator confirms a bank transfer and the owner's page turns 'Lunas' by itself", async ({
  page,
  request,
  browser,
}) => {
  const { token } = await signedInOwner(page, request);
  const made = await request.post('/api/transaction', {
    headers: { token },
    data: { planKey: 'dasar', months: 1, method: 'bank_transfer', idempotencyKey: `e2e-${Date.now()}` },
  });
  expect(made.status()).toBe(201);
  const tx = (await made.json()) as { _id: string; reference: string };
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const proof = await request.post(`/api/transaction/${tx._id}/proof`, {
    headers: { token },
    multipart: { file: { name: 'bukti.png', mimeType: 'image/png', buffer: png } },
  });
  expect(proof.status()).toBe(200);
  await page.goto(`/user/transaction/${tx._id}`);
  await expect(page.getByTestId('transaction-status')).toHaveText('Menunggu Pembayaran');

  const admin = await operatorPage(browser);
  await admin.goto(`/admin/transaction?status=pending&method=bank_transfer&q=${tx.reference}`);
  const row = admin.getByTestId('tx-row').filter({ hasText: tx.reference }).first();
  await expect(row).toBeVisible();
  await axeClean(admin, 'main');
  await admin.screenshot({ path: test.info().outputPath('admin-transactions.png'), fullPage: true });
  await row.click();
  await admin.getByTestId('tx-confirm').click();
  await admin.getByTestId('tx-confirm-dialog-submit').click();
  await expect(toast(admin)).toBeVisible();

  // the owner did nothing: realtime turns their page
  await expect(page.getByTestId('transaction-status')).toHaveText('Lunas');
  await admin.context().close();
});

test('an operator disables an owner: signed out at once, refused at sign-in; enabling lets them back', async ({
  page,
  request,
  browser,
}) => {
  const { owner } = await signedInOwner(page, request);
  await expect(page).toHaveURL(/\/user\/chat$/);

  const admin = await operatorPage(browser);
  await admin.goto(`/admin/user?q=${owner.email}`);
  const row = admin.getByTestId('user-row').filter({ hasText: owner.email }).first();
  await expect(row).toBeVisible();
  await axeClean(admin, 'main');
  await row.click();
  await expect(admin.getByTestId('user-detail')).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-user-detail.png'), fullPage: true });
  await admin.getByTestId('user-disable').click();
  await admin.getByTestId('user-disable-reason').fill('Laporan penipuan dari pelanggan');
  await admin.getByTestId('user-disable-submit').click();
  await expect(admin.getByTestId('user-disabled-notice')).toBeVisible();

  // the owner's open inbox ends without them doing anything
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await login(page, owner.email, owner.password);
  await expect(page.getByText('Akun ini dinonaktifkan. Hubungi customer service Sapa.')).toBeVisible();

  await admin.getByTestId('user-enable').click();
  await expect(admin.getByTestId('user-disabled-notice')).toBeHidden();
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await admin.context().close();
});

test('a price the operator changes shows on /user/transaction at once', async ({
  page,
  request,
  browser,
}) => {
  await signedInOwner(page, request);
  const admin = await operatorPage(browser);
  await admin.goto('/admin/setting?section=paket');
  // Bisnis only: the other journeys buy Dasar and Pro and check their figures
  const bisnis = admin.getByTestId('plan-row').filter({ has: admin.locator('input[value="bisnis"]') });
  await expect(bisnis).toBeVisible();
  await bisnis.getByTestId('plan-price').fill('649000');
  await admin.getByTestId('setting-billing-save').click();
  await expect(toast(admin)).toBeVisible();
  await axeClean(admin, 'main');
  try {
    await page.goto('/user/transaction');
    await expect(page.getByTestId('plan-bisnis')).toContainText('Rp 649.000 / bulan');
  } finally {
    // back to the default for the other journeys of this run
    const token = (
      (await (await request.post('/api/auth/admin/login', { data: DEMO.admin })).json()) as {
        token: string;
      }
    ).token;
    const current = (await (await request.get('/api/admin/billing', { headers: { token } })).json()) as {
      plans: { key: string; monthlyPrice: number }[];
    };
    const restored = {
      ...current,
      plans: current.plans.map((p) => (p.key === 'bisnis' ? { ...p, monthlyPrice: 599_000 } : p)),
    };
    expect((await request.put('/api/admin/billing', { headers: { token }, data: restored })).status()).toBe(
      200,
    );
  }
  await admin.context().close();
});

test('the dashboard shows the figures with their charts, readable on a phone', async ({ browser }) => {
  const admin = await operatorPage(browser);
  await expect(admin.getByTestId('dashboard-page').or(admin.locator('main'))).toBeVisible();
  await expect(admin.getByText('Pemilik').first()).toBeVisible();
  await axeClean(admin, 'main');
  await admin.screenshot({ path: test.info().outputPath('admin-dashboard.png'), fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  // the charts re-measure themselves a frame after the resize: wait for the page to settle
  await expect
    .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await admin.screenshot({ path: test.info().outputPath('admin-dashboard-390.png'), fullPage: true });
  await admin.context().close();
});
