import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  OPERATOR_BANK,
  configurePayments,
  registerViaApi,
  setSubscriptionEnd,
  signedInOwner,
  login,
} from './support';

/**
 * Issue 22: buying and renewing the subscription. Midtrans is the fake on 127.0.0.1 that
 * playwright.config starts (apps/server/test/fake-midtrans.ts): its snap.js opens its payment page in
 * a frame, and paying there makes it send the server a signed notification, as Midtrans does.
 */
test.beforeAll(async ({ request }) => configurePayments(request));

async function expiryInMenu(page: Page): Promise<string> {
  await page.getByTestId('user-menu-button').click();
  const text = (await page.getByTestId('subscription-expiry').textContent()) ?? '';
  return text;
}

async function axeClean(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('a trial owner upgrades with Midtrans: Snap opens, the payment turns Lunas live, the expiry moves, the invoice downloads', async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  const trialEnd = await expiryInMenu(page);
  expect(trialEnd).toMatch(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  await page.getByTestId('user-menu').getByText('Perpanjang').click();
  await expect(page).toHaveURL(/\/user\/transaction$/);

  await expect(page.getByTestId('purchase-form')).toBeVisible();
  await page.getByTestId('plan-pro').click();
  await page.getByTestId('duration-3').click();
  await page.getByTestId('method-midtrans').click();
  await page.getByTestId('business-name').fill('Toko Batik Sekar');
  // the summary: Pro 3 months, 5% off, PPN 12% of 11/12 - the server's own figures
  const summary = page.getByTestId('purchase-summary');
  await expect(summary).toContainText('Rp 709.650');
  await expect(summary).toContainText('Rp 78.061');
  await expect(summary).toContainText('Rp 787.711');
  await axeClean(page, '[data-testid="purchase-form"]');
  await page.screenshot({ path: test.info().outputPath('purchase.png'), fullPage: true });

  await page.getByTestId('purchase-submit').click();
  await expect(page).toHaveURL(/\/user\/transaction\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('transaction-status')).toHaveText('Menunggu Pembayaran');
  // Snap opens over the page; paying there settles the order at Midtrans, which notifies the server
  const snap = page.frameLocator('iframe[title="Midtrans Snap (uji)"]');
  await snap.getByRole('button', { name: 'Bayar' }).click();
  await expect(page.getByTestId('transaction-status')).toHaveText('Lunas');
  await expect(page.getByTestId('transaction-paid')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paid.png'), fullPage: true });

  // the dropdown's expiry moved three months on, without a reload
  await expect
    .poll(async () => {
      const text = await expiryInMenu(page);
      await page.keyboard.press('Escape');
      return text;
    })
    .not.toBe(trialEnd);

  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // the history lists it as paid
  await page.goto('/user/transaction/history');
  await expect(page.getByTestId('transaction-history-page')).toContainText('Lunas');
  await axeClean(page, '[data-testid="transaction-history-page"]');
});

test('a bank transfer waits as pending with its proof uploaded; the page shows where to pay', async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  await page.goto('/user/transaction');
  await page.getByTestId('plan-dasar').click();
  await page.getByTestId('duration-1').click();
  await page.getByTestId('method-bank_transfer').click();
  await page.getByTestId('purchase-submit').click();
  await expect(page).toHaveURL(/\/user\/transaction\/[0-9a-f-]{36}$/);

  const bank = page.getByTestId('bank-panel');
  await expect(bank.getByTestId('bank-account')).toContainText(OPERATOR_BANK.accountNumber);
  // Dasar for a month: Rp 99.000 + PPN Rp 10.890
  await expect(bank.getByTestId('bank-amount')).toHaveText('Rp 109.890');
  await expect(bank.getByTestId('bank-reference')).toHaveText(/^SAPA-[2-9A-Z]{8}$/);

  // a text file is refused in the browser; a PNG goes up
  await page
    .getByTestId('proof-upload')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'catatan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('sudah transfer'),
    });
  await expect(page.getByText('Bukti transfer harus berupa gambar (JPG, PNG, WEBP) atau PDF')).toBeVisible();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByTestId('proof-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'bukti-transfer.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('proof-submit').click();
  await expect(page.getByTestId('proof-name')).toHaveText('bukti-transfer.png');
  await expect(page.getByTestId('transaction-status')).toHaveText('Menunggu Pembayaran');
  await axeClean(page, '[data-testid="transaction-detail"]');
  await page.screenshot({ path: test.info().outputPath('bank-transfer.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('proof-name')).toHaveText('bukti-transfer.png');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('bank-transfer-390.png'), fullPage: true });
});

test('an expired owner sees the banner and cannot send, but still reads the inbox', async ({
  page,
  request,
}) => {
  const { owner, token } = await registerViaApi(request);
  const accounts = await request.get('/api/account', { headers: { token } });
  const accountId = ((await accounts.json()) as { docs: { _id: string }[] }).docs[0]!._id;
  await request
    .post('/api/sandbox/inbound', {
      headers: { token },
      data: {
        accountId,
        phoneNumber: '6281299990001',
        name: 'Sari',
        text: 'Kak, pesanan saya sampai kapan?',
      },
    })
    .then((res) => expect(res.status()).toBe(201));
  await setSubscriptionEnd(request, token, new Date(Date.now() - 60_000));
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);

  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toContainText('Langganan Anda telah berakhir pada');
  await page.getByText('Sari').first().click();
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: 'Kak, pesanan saya sampai kapan?' }),
  ).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Ketik pesan' });
  await composer.fill('Besok sampai kak');
  await composer.press('Enter');
  await expect(
    page.getByText('Langganan Anda telah berakhir. Perpanjang langganan untuk mengirim pesan').first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('expired.png'), fullPage: true });
  await axeClean(page, '[data-testid="subscription-banner"]');

  await banner.getByTestId('subscription-banner-renew').click();
  await expect(page).toHaveURL(/\/user\/transaction$/);
});
