import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { customerSays, signedInOwner, toast } from './support';

/** A real .xlsx made the way a customer's spreadsheet would be: a header, good rows and one bad row. */
async function customerSheet(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pelanggan');
  sheet.addRow(['Nama Lengkap', 'No HP', 'Kota Asal', 'Catatan']);
  sheet.addRow(['Andi Wijaya', '0812-1111-0001', 'Bandung', 'VIP']);
  sheet.addRow(['Budi Santoso', 6281211110002, 'Jakarta', '']);
  sheet.addRow(['Citra Lestari', '+62 812 1111 0003', 'Medan', 'Reseller']);
  sheet.addRow(['Dewi Bermasalah', 'bukan nomor', 'Solo', '']);
  sheet.addRow(['Eko Prasetyo', '081211110005', 'Surabaya', '']);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-import-')), 'pelanggan.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

test('an owner builds a group: a column, an Excel import with a bad row, edits, deletes and exports it', async ({
  page,
  request,
}) => {
  // a long journey (dozens of steps): three times the default timeout on a busy machine
  test.slow();
  await signedInOwner(page, request);
  await page.goto('/user/contact');
  await expect(page).toHaveURL(/\/user\/contact\/broadcast$/);
  await expect(page.getByTestId('group-empty')).toBeVisible();

  // a group and a column of our own
  await page.getByTestId('group-add').click();
  await page.getByTestId('group-name-input').fill('Pelanggan Setia');
  await page.getByTestId('group-submit').click();
  await expect(page.getByTestId('group-title')).toHaveText('Pelanggan Setia');
  await page.getByTestId('group-columns-manage').click();
  const columns = page.getByTestId('column-manager');
  await columns.getByTestId('column-new-name').fill('Kota');
  await columns.getByTestId('column-add').click();
  await expect(columns.getByTestId('column-row')).toHaveAttribute('data-column', 'Kota');
  await page.keyboard.press('Escape');
  await expect(columns).toBeHidden();

  // import: map 'Kota Asal' onto Kota, keep 'Catatan' as a new column
  await page.getByTestId('group-detail-import').click();
  const wizard = page.getByTestId('import-wizard');
  await wizard.getByTestId('import-file-input').setInputFiles(await customerSheet());
  await expect(wizard).toHaveAttribute('data-step', 'mapping');
  await expect(wizard.getByTestId('import-total-rows')).toContainText('5');
  await expect(wizard.getByTestId('import-mapping-0')).toHaveAttribute('data-choice', 'name');
  await expect(wizard.getByTestId('import-mapping-1')).toHaveAttribute('data-choice', 'phoneNumber');
  await wizard.getByTestId('import-mapping-2').selectOption('column:Kota');
  await expect(wizard.getByTestId('import-mapping-3')).toHaveAttribute('data-choice', 'new');
  await wizard.getByTestId('import-start').click();

  await expect(wizard).toHaveAttribute('data-step', /progress|summary/);
  await expect(wizard).toHaveAttribute('data-step', 'summary', { timeout: 20_000 });
  await expect(wizard.getByTestId('import-summary-added')).toContainText('4');
  await expect(wizard.getByTestId('import-summary-refused')).toContainText('1');
  const refusedDownload = page.waitForEvent('download');
  await wizard.getByTestId('import-refused-download').click();
  const refusedFile = await (await refusedDownload).path();
  const refused = new ExcelJS.Workbook();
  await refused.xlsx.readFile(refusedFile);
  const refusedText = JSON.stringify(refused.worksheets[0]?.getSheetValues());
  expect(refusedText).toContain('Dewi Bermasalah');
  expect(refusedText).toContain('Nomor Telepon tidak valid');
  await wizard.getByTestId('import-view-group').click();
  await expect(wizard).toBeHidden();

  const rows = page.getByTestId('contact-row');
  await expect(rows).toHaveCount(4);
  const andi = rows.filter({ hasText: 'Andi Wijaya' });
  await expect(andi).toContainText('Bandung');
  await expect(andi).toContainText('VIP');
  await expect(andi.getByTestId('contact-phone-text')).toContainText('812');
  await expect(page.getByTestId('contact-column-head').filter({ hasText: 'Catatan' })).toBeVisible();

  // edit one contact's city
  await andi.getByTestId('contact-edit').click();
  const form = page.getByTestId('contact-form');
  const kota = form.locator('[data-testid^="contact-value-"][data-column="Kota"]');
  await kota.fill('Cimahi');
  await form.getByTestId('contact-submit').click();
  await expect(toast(page)).toContainText('Kontak berhasil diubah');
  await expect(rows.filter({ hasText: 'Andi Wijaya' })).toContainText('Cimahi');

  // delete two
  await rows.filter({ hasText: 'Budi Santoso' }).getByTestId('contact-select').click();
  await rows.filter({ hasText: 'Eko Prasetyo' }).getByTestId('contact-select').click();
  await expect(page.getByTestId('contact-selected-count')).toContainText('2');
  await page.getByTestId('contact-delete-selected').click();
  await page.getByTestId('contact-delete-submit').click();
  await expect(toast(page)).toContainText('2 kontak berhasil dihapus');
  await expect(rows).toHaveCount(2);

  // export and read the file back
  const exportDownload = page.waitForEvent('download');
  await page.getByTestId('group-export').click();
  const exported = await exportDownload;
  expect(exported.suggestedFilename()).toBe('Pelanggan Setia.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await exported.path());
  const sheet = workbook.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  expect(values(1)).toEqual(['Nama', 'Nomor Telepon', 'Kota', 'Catatan']);
  expect(sheet.actualRowCount).toBe(3);
  expect(values(2)).toEqual(['Andi Wijaya', '6281211110001', 'Cimahi', 'VIP']);
  expect(values(3)).toEqual(['Citra Lestari', '6281211110003', 'Medan', 'Reseller']);

  // the groups list counts what is left
  await page.getByTestId('group-back').click();
  await expect(page.getByTestId('group-row').filter({ hasText: 'Pelanggan Setia' })).toContainText(
    '2 kontak',
  );

  // the start-chat modal's 'Kontak Grup' tab picks from them
  await page.goto('/user/chat');
  await page.getByTestId('start-chat-button').click();
  const modal = page.getByRole('dialog', { name: 'Mulai Percakapan' });
  await modal.getByLabel('Nomor Pengirim').selectOption({ index: 1 });
  await modal.getByRole('tab', { name: 'Kontak Grup' }).click();
  await modal.getByLabel(/Citra Lestari/).check();
  await modal.getByLabel('Pesan').fill('Halo Kak Citra, stok reseller sudah datang');
  await modal.getByRole('button', { name: 'Mulai' }).click();
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  await expect(page.getByTestId('chat-room-name')).toContainText('+62 812-1111-0003');
});

test('Kontak > Percakapan lists who wrote in, searches, opens the chat and exports', async ({
  page,
  request,
}) => {
  const { accountId } = await signedInOwner(page, request);
  await customerSays(request, accountId, 'Halo, stok masih ada?', '6281377770001', 'Sari Pembeli');
  await customerSays(request, accountId, 'Mau pesan dua', '6281377770002', 'Tono Pelanggan');

  await page.goto('/user/contact/chat');
  const rows = page.getByTestId('chat-contact-row');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('chat-contact-search').fill('Sari');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sari Pembeli');

  const download = page.waitForEvent('download');
  await page.getByTestId('chat-contact-export').click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  const text = JSON.stringify(workbook.worksheets[0]?.getSheetValues());
  expect(text).toContain('Sari Pembeli');
  expect(text).not.toContain('Tono Pelanggan');

  await rows.first().getByTestId('chat-contact-open').click();
  await expect(page).toHaveURL(/\/user\/chat\/[\w-]+$/);
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'stok masih ada' })).toBeVisible();
});
