import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { customerSays, signedInOwner } from './support';

interface Counts {
  total: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  skipped: number;
  optedOut: number;
  pending: number;
}

/**
 * Issue 24: after a sandbox broadcast where one customer reads it, one replies and one number is not
 * on WhatsApp, Laporan > Broadcast shows exactly what happened, its chart draws, and the export's rows
 * are the recipients.
 */
test('the broadcast report shows what happened, draws its chart and exports every recipient', async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const { token, accountId } = await signedInOwner(page, request);
  const created = await request.post('/api/publication/broadcast', {
    headers: { token },
    data: {
      name: 'Promo Laporan',
      accountIds: [accountId],
      // the last one ends in 0000: the sandbox says it is not on WhatsApp
      phoneNumbers: '081277700001\n081277700002\n081277700000',
      message: { type: 'text', text: 'Diskon akhir bulan 30%' },
    },
  });
  expect(created.status()).toBe(201);
  const broadcastId = ((await created.json()) as { _id: string })._id;
  const countsNow = async () =>
    (
      (await (
        await request.get(`/api/publication/broadcast/${broadcastId}`, { headers: { token } })
      ).json()) as {
        counts: Counts;
      }
    ).counts;
  await expect.poll(async () => (await countsNow()).pending, { timeout: 30_000 }).toBe(0);

  // one customer opens the chat in the simulator (read), another replies
  const sim = await context.newPage();
  await sim.goto(`/sandbox?accountId=${accountId}&phoneNumber=6281277700001&name=Rina`);
  await expect(
    sim.getByTestId('sandbox-message').filter({ hasText: 'Diskon akhir bulan 30%' }),
  ).toBeVisible();
  await customerSays(request, accountId, 'Masih ada stok?', '6281277700002', 'Yoga');
  await expect.poll(async () => (await countsNow()).replied, { timeout: 20_000 }).toBe(1);
  await expect.poll(async () => (await countsNow()).read, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const counts = await countsNow();
  expect(counts).toMatchObject({ total: 3, sent: 2, replied: 1, skipped: 1, failed: 0 });

  await page.goto('/user/report');
  await expect(page).toHaveURL(/\/user\/report\/broadcast/);
  for (const key of ['total', 'sent', 'delivered', 'read', 'replied', 'failed', 'optedOut'] as const)
    await expect(page.getByTestId(`figure-${key}-value`), key).toHaveText(String(counts[key]));
  await expect(page.getByTestId('report-broadcast-row').filter({ hasText: 'Promo Laporan' })).toBeVisible();
  await expect(page.getByTestId('report-chart-drawing').locator('svg').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('report-period.png'), fullPage: true });

  // the broadcast's own report, its recipients, and the export read back
  await page
    .getByTestId('report-broadcast-row')
    .filter({ hasText: 'Promo Laporan' })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/report/broadcast/${broadcastId}$`));
  await expect(page.getByTestId('figure-replied-value')).toHaveText('1');
  await expect(page.getByTestId('recipient-row')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(expect.arrayContaining(['Nama', 'Nomor', 'Status']));
  const numberColumn = header.indexOf('Nomor') + 1;
  const numbers: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) numbers.push(String(row.getCell(numberColumn).value));
  });
  expect(numbers.sort()).toEqual(['6281277700000', '6281277700001', '6281277700002']);
  await page.setViewportSize({ width: 390, height: 844 });
  // the chart re-measures itself a frame after the resize: wait for the page to settle
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('report-broadcast-390.png'), fullPage: true });
});
