import { expect, test } from '@playwright/test';
import { DEMO, lastMailTo, login, loginAdmin, newOwner, registerViaApi, toast } from './support';

test('a new owner registers with the mailed code, lands in the inbox and starts a trial', async ({
  page,
  request,
}) => {
  const owner = newOwner();
  await page.goto('/register?r=TEMAN123');
  await page.getByLabel('Nama').fill(owner.name);
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Nomor Telepon').fill(`0${owner.local}`);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByText('Nomor Telepon tidak valid')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);

  await page.getByLabel('Nomor Telepon').fill(owner.local);
  await page.getByRole('button', { name: 'Daftar' }).click();
  // the second step, on the same page: no account and no session until the code comes back
  await expect(page.getByRole('heading', { name: 'Masukkan kode verifikasi' })).toBeVisible();
  await expect(page.getByText(`Kode verifikasi telah dikirim ke ${owner.email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
  expect(await page.evaluate(() => localStorage.getItem('sapa.session'))).toBeNull();

  const code = (await lastMailTo(request, owner.email)).match(/\b(\d{6})\b/)?.[1] ?? '';
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Kode verifikasi digit 1').fill(wrong);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByText('Kode verifikasi salah atau sudah kedaluwarsa')).toBeVisible();

  await page.getByLabel('Kode verifikasi digit 1').fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/user\/chat$/);

  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('subscription-expiry')).toHaveText('-');
  await expect(page.getByTestId('user-menu').getByText('Upgrade')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('trial-banner').getByRole('button', { name: 'Aktifkan Uji Coba' }).click();
  await expect(toast(page)).toContainText('Masa uji coba 7 hari telah aktif');
  await expect(page.getByTestId('trial-banner')).toBeHidden();
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('subscription-expiry')).toHaveText(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  await expect(page.getByTestId('user-menu').getByText('Perpanjang')).toBeVisible();
});

test('registering with a taken email looks the same; the address gets a note, not a code', async ({
  page,
  request,
}) => {
  const { owner: existing } = await registerViaApi(request);
  const other = newOwner();
  await page.goto('/register');
  await page.getByLabel('Nama').fill(other.name);
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Nomor Telepon').fill(other.local);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Daftar' }).click();
  await expect(page.getByRole('heading', { name: 'Masukkan kode verifikasi' })).toBeVisible();
  await expect(page.getByText(`Kode verifikasi telah dikirim ke ${existing.email}`)).toBeVisible();
  await expect.poll(async () => lastMailTo(request, existing.email)).toContain('sudah terdaftar');
  const note = await lastMailTo(request, existing.email);
  expect(note).toContain('/reset-password/request');
  expect(note).not.toMatch(/\b\d{6}\b/);
});

test('an owner changes their email with the current password, then verifies it', async ({
  page,
  request,
}) => {
  const { owner } = await registerViaApi(request);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page.goto('/user/setting/profile');
  const next = newOwner();
  await page.getByLabel('Email', { exact: true }).fill(next.email);
  await page.getByLabel('Kata Sandi Saat Ini').fill('bukan-sandi-1');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Kata sandi saat ini salah')).toBeVisible();
  await page.getByLabel('Kata Sandi Saat Ini').fill(owner.password);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/user\/verification$/);
  await expect(page.getByText(next.email)).toBeVisible();

  // a protected page holds the unverified owner on the verification page
  await page.goto('/user/setting/profile');
  await expect(page).toHaveURL(/\/user\/verification$/);

  const code = (await lastMailTo(request, next.email)).match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('Kode verifikasi digit 1').fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/user\/chat$/);
});

test('owner logs in and out', async ({ page }) => {
  await login(page, DEMO.owner.identifier, 'kata-sandi-salah');
  await expect(page.getByTestId('form-error')).toHaveText('Email/nomor telepon atau kata sandi salah');
  await login(page, DEMO.owner.identifier, DEMO.owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await expect(page.getByTestId('agent-badge')).toHaveCount(0);
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Toko Sapa Demo');
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/user/chat');
  await expect(page).toHaveURL(/\/login$/);
});

test('an agent logs in, sees the Agen badge and their own name and phone', async ({ page }) => {
  await login(page, DEMO.agent.identifier, DEMO.agent.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await expect(page.getByTestId('agent-badge')).toHaveText('Agen');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Agen Demo');
  await expect(page.getByTestId('user-menu-phone')).toContainText('6281200000002');
});

test('an operator logs in on /login/admin, lands in the admin shell and logs out', async ({ page }) => {
  await loginAdmin(page);
  await expect(page.getByRole('navigation', { name: 'Menu admin' })).toBeVisible();
  await page.getByTestId('admin-menu-button').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset through the mailed link, once', async ({ page, request }) => {
  const { owner } = await registerViaApi(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/reset-password\/request$/);
  // the page is lazily loaded: wait for it, or the login page's field may still be the one filled
  await expect(page.getByRole('heading', { name: 'Lupa Kata Sandi' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Jika email terdaftar');

  const link = (await lastMailTo(request, owner.email)).match(/http\S+reset-password\?token=\S+/)?.[0] ?? '';
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  await page.getByLabel('Kata Sandi Baru').fill('sandi-baru-123');
  await page.getByLabel('Konfirmasi Kata Sandi').fill('sandi-baru-123');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, owner.email, 'sandi-baru-123');
  await expect(page).toHaveURL(/\/user\/chat$/);

  // the link works once only
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
  await page.getByLabel('Kata Sandi Baru').fill('sandi-lain-123');
  await page.getByLabel('Konfirmasi Kata Sandi').fill('sandi-lain-123');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa',
  );
});

test('profile and password are edited in Pengaturan', async ({ page, request }) => {
  const { owner } = await registerViaApi(request);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page.goto('/user/setting');
  await expect(page).toHaveURL(/\/user\/setting\/profile$/);
  await page.getByLabel('Nama').fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('The maximum length allowed is 100')).toBeVisible();
  await page.getByLabel('Nama').fill('Toko Baru Sekali');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page)).toContainText('Profil berhasil diubah');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Toko Baru Sekali');
  await page.keyboard.press('Escape');

  await page
    .getByRole('navigation', { name: 'Menu Pengaturan' })
    .getByRole('link', { name: 'Password' })
    .click();
  await page.getByLabel('Kata Sandi Saat Ini').fill('bukan-sandi-1');
  await page.getByLabel('Kata Sandi Baru', { exact: true }).fill('sandi-kedua-123');
  await page.getByLabel('Konfirmasi Kata Sandi Baru').fill('sandi-kedua-123');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Kata sandi saat ini salah')).toBeVisible();
  await page.getByLabel('Kata Sandi Saat Ini').fill(owner.password);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page)).toContainText('Kata sandi berhasil diubah');
});

test('six wrong passwords lock the login with the wait time in Indonesian', async ({ page, request }) => {
  const { owner } = await registerViaApi(request);
  for (let i = 0; i < 5; i++) {
    await login(page, owner.email, `salah-${i}-sandi`);
    await expect(page.getByTestId('form-error')).toHaveText('Email/nomor telepon atau kata sandi salah');
  }
  await login(page, owner.email, 'salah-lagi-sandi');
  await expect(page.getByTestId('form-error')).toHaveText(
    'Terlalu banyak percobaan masuk. Coba lagi dalam 5 menit',
  );
});
