import { expect, test } from '@playwright/test';
import { DEMO, login, loginAdmin, registerViaApi, toast } from './support';

test('visitors without a session go to /login; unknown paths go to /login', async ({ page }) => {
  for (const path of ['/user/chat', '/user/setting/profile', '/admin/dashboard', '/halaman-tidak-ada']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('signed-in visitors are sent from login, register and admin login by role', async ({
  page,
  context,
}) => {
  await login(page, DEMO.owner.identifier, DEMO.owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  for (const path of ['/login', '/register', '/login/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user\/chat$/);
  }
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAdmin(page);
  for (const path of ['/login', '/register', '/user/chat']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  }
});

test('sections redirect to their first page', async ({ page }) => {
  await login(page, DEMO.owner.identifier, DEMO.owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  const redirects: [string, RegExp][] = [
    ['/user/publication', /\/user\/publication\/broadcast$/],
    ['/user/contact', /\/user\/contact\/broadcast$/],
    ['/user/integration', /\/user\/integration\/whatsapp$/],
    ['/user/report', /\/user\/report\/broadcast$/],
    ['/user/setting', /\/user\/setting\/profile$/],
  ];
  for (const [from, to] of redirects) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
  // the Publikasi menu hides on form pages, the Kontak menu on a broadcast group's detail
  await page.goto('/user/publication/broadcast');
  await expect(page.getByRole('navigation', { name: 'Menu Publikasi' })).toBeVisible();
  await page.goto('/user/publication/broadcast/form');
  await expect(page.getByRole('navigation', { name: 'Menu Publikasi' })).toHaveCount(0);
  await page.goto('/user/contact/broadcast/abc');
  await expect(page.getByRole('navigation', { name: 'Menu Kontak' })).toHaveCount(0);
});

test('agents are refused the transaction and agent pages with a warning toast, and sent back', async ({
  page,
}) => {
  await login(page, DEMO.agent.identifier, DEMO.agent.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Kontak' }).click();
  await expect(page).toHaveURL(/\/user\/contact\/broadcast$/);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Agen' }).click();
  await expect(toast(page)).toHaveAttribute('data-type', 'warning');
  await expect(page.getByTestId('toast-title')).toHaveText('Akses Ditolak');
  await expect(page.getByTestId('toast-message')).toHaveText(
    'Agen tidak memiliki izin untuk mengakses halaman ini',
  );
  await expect(page).toHaveURL(/\/user\/contact\/broadcast$/);

  await page.goto('/user/transaction/history');
  await expect(page.getByTestId('toast-title')).toHaveText('Akses Ditolak');
  await expect(page).not.toHaveURL(/transaction/);
});

test('beta pages need a beta user', async ({ page, request }) => {
  const { owner } = await registerViaApi(request);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  await page.goto('/user/integration/whatsapp');
  await page
    .getByRole('navigation', { name: 'Menu Integrasi' })
    .getByRole('link', { name: /Instagram/ })
    .click();
  await expect(toast(page)).toHaveAttribute('data-type', 'info');
  await expect(page.getByTestId('toast-title')).toHaveText('Fitur Beta');
  await expect(page.getByTestId('toast-message')).toHaveText('Fitur ini hanya untuk pengguna beta');
  await expect(page).toHaveURL(/\/user\/integration\/whatsapp$/);
  await page.goto('/user/integration/messenger');
  await expect(page.getByTestId('toast-title')).toHaveText('Fitur Beta');
  await expect(page).not.toHaveURL(/messenger/);
});

test('a revoked session on a protected call clears the session and goes to /login', async ({
  page,
  request,
}) => {
  const { owner } = await registerViaApi(request);
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user\/chat$/);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sapa.session') ?? '{}').token as string,
  );
  await request.post('/api/auth/logout', { headers: { token } });
  await page.goto('/user/setting/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sapa.session'))).toBeNull();
});
