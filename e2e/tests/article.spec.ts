import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAdmin } from './support';

/** A 64 x 36 teal PNG: the cover. */
const COVER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAkCAIAAAC2bqvFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAaElEQVRYhe2SQQkAQRDD6iBO+1z95+E+YaAQAWloeD1NdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhaqH/M0H1UOLeaUQN2AAAAAASUVORK5CYII=',
  'base64',
);

async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/**
 * Issue 23: the operator writes an article in the rich-text editor (a heading, bold text, a link),
 * sees the slug follow the title, publishes it; a visitor without an account finds it at /artikel
 * and reads it at /artikel/{slug}, whose HTML carries the title for link previews.
 */
test('the operator writes and publishes an article; a visitor reads it without signing in', async ({
  page,
  browser,
  request,
}) => {
  const stamp = `${Date.now() % 1_000_000}`;
  const title = `Tips Membalas Chat Lebih Cepat ${stamp}`;
  const slug = `tips-membalas-chat-lebih-cepat-${stamp}`;

  await loginAdmin(page);
  await page.goto('/admin/article');
  await expect(page.getByTestId('article-list-page')).toBeVisible();
  await page.getByTestId('article-create').first().click();
  await expect(page).toHaveURL(/\/admin\/article\/form$/);

  await page.getByTestId('article-title').fill(title);
  await expect(page.getByTestId('article-slug-input')).toHaveValue(slug);
  await page.getByTestId('article-summary').fill('Lima kebiasaan kecil agar pelanggan tidak menunggu lama.');
  await page.locator('input[type="file"]').first().setInputFiles({
    name: 'sampul.png',
    mimeType: 'image/png',
    buffer: COVER,
  });
  await expect(page.getByTestId('article-cover-preview')).toHaveAttribute('src', /^\/api\/article\/cover\//);

  // the body: a heading, bold text and a link, through the toolbar and the keyboard
  const editor = page.getByTestId('article-editor');
  await editor.click();
  await page.getByRole('button', { name: 'Judul 2' }).click();
  await page.keyboard.type('Langkah pertama');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Balas pesan dengan ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('cepat');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' dan ramah.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Baca panduan lengkap');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Tautan', exact: true }).click();
  await page.getByLabel('Alamat tautan').fill('https://sapa.test/panduan');
  await page.getByLabel('Alamat tautan').press('Enter');
  await expect(editor.locator('h2')).toHaveText('Langkah pertama');
  await expect(editor.locator('strong')).toHaveText('cepat');
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://sapa.test/panduan');

  await expectAxeClean(page, '[data-testid="article-form-page"]');
  await page.screenshot({ path: test.info().outputPath('article-form.png'), fullPage: true });

  await page.getByTestId('article-publish-form').click();
  await expect(page.getByTestId('article-status')).toHaveText('Terbit');
  await expect(page).toHaveURL(/\/admin\/article\/form\?id=/);
  await expect(page.getByTestId('article-view')).toHaveAttribute('href', `/artikel/${slug}`);

  // the list shows it published
  await page.getByTestId('article-back').click();
  const row = page.getByTestId('article-row').filter({ hasText: title });
  await expect(row.getByTestId('article-status')).toHaveText('Terbit');
  await page.screenshot({ path: test.info().outputPath('article-list.png'), fullPage: true });

  // a visitor: a fresh browser context, no session
  const visitorContext = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/artikel');
  const card = visitor.getByTestId('public-article-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(visitor).toHaveURL(/\/artikel$/);
  await expectAxeClean(visitor, '[data-testid="public-article-list"]');
  await visitor.screenshot({ path: test.info().outputPath('artikel-list.png'), fullPage: true });

  await card.click();
  await expect(visitor).toHaveURL(new RegExp(`/artikel/${slug}$`));
  await expect(visitor.getByTestId('public-article-title')).toHaveText(title);
  const body = visitor.getByTestId('public-article-body');
  await expect(body.locator('h2')).toHaveText('Langkah pertama');
  await expect(body.locator('strong')).toHaveText('cepat');
  const link = body.getByRole('link', { name: 'Baca panduan lengkap' });
  await expect(link).toHaveAttribute('href', 'https://sapa.test/panduan');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(visitor.getByTestId('public-article-date')).toHaveText(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  await expect(visitor).toHaveTitle(`${title} · Sapa`);
  await expectAxeClean(visitor, '[data-testid="public-article"]');
  await visitor.screenshot({ path: test.info().outputPath('artikel.png'), fullPage: true });

  await visitor.setViewportSize({ width: 390, height: 844 });
  await noSideways(visitor);
  await visitor.screenshot({ path: test.info().outputPath('artikel-390.png'), fullPage: true });
  await visitor.goto('/artikel');
  await expect(visitor.getByTestId('public-article-card').first()).toBeVisible();
  await noSideways(visitor);
  await visitor.screenshot({ path: test.info().outputPath('artikel-list-390.png'), fullPage: true });
  await visitorContext.close();

  // crawlers run no script: the server writes the head
  const html = await (await request.get(`/artikel/${slug}`)).text();
  expect(html).toContain(`<title>${title} · Sapa</title>`);
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/api\/article\/cover\/cover-/);
  const missing = await request.get('/artikel/tidak-ada-artikel-ini');
  expect(missing.status()).toBe(404);

  // the form at 390 px
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByTestId('article-edit').click();
  await expect(page.getByTestId('article-editor')).toBeVisible();
  await noSideways(page);
  await expectAxeClean(page, '[data-testid="article-form-page"]');
  await page.screenshot({ path: test.info().outputPath('article-form-390.png'), fullPage: true });
});
