import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { auditLog } from '../../db/schema';
import { agentFor, json, operatorToken, registerOwner, useTestApp } from '../../../test/helpers';
import { multipart } from '../../../test/uploads';
import { ARTICLE_MESSAGES as M } from './messages';

/** A built web app with the head the real index.html has (a description, a title). */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-article-web-'));
const INDEX = `<!doctype html>
<html lang="id">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Sapa: kotak masuk bersama."
    />
    <title>Sapa</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const { t, get, post, put, call } = useTestApp({ dataDir: 'sapa-article-', env: { SAPA_WEB_DIST: dist } });

let admin: string;
let owner: string;
let agent: string;
beforeAll(async () => {
  admin = await operatorToken(t.app);
  owner = (await registerOwner(t.app)).token;
  agent = (await agentFor(t, owner, 'Agen Artikel')).token;
});

let seq = 0;
/** A valid article body; override what the test is about. */
function draft(overrides: Partial<api.ArticleBody> = {}): api.ArticleBody {
  seq += 1;
  return {
    title: `Tips membalas chat ${seq}`,
    slug: `tips-membalas-chat-${seq}`,
    summary: 'Ringkasan singkat.',
    coverUrl: null,
    bodyHtml: '<p>Isi artikel.</p>',
    ...overrides,
  };
}

async function create(overrides: Partial<api.ArticleBody> = {}): Promise<api.Article> {
  const res = await post('/api/admin/article', admin, draft(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.article);
}

const publish = (id: string) => post(`/api/admin/article/${id}/publish`, admin);
const unpublish = (id: string) => post(`/api/admin/article/${id}/unpublish`, admin);
const publicList = async () => json(await call('GET', '/api/article?limit=100'), api.publicArticlePage).docs;
const auditOf = (id: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, id)));

describe('who may write articles', () => {
  it('answers owners and agents 403 and strangers 401 on every admin route', async () => {
    const a = await create();
    const routes: [api.ArticleBody | undefined, 'GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      [undefined, 'GET', '/api/admin/article'],
      [draft(), 'POST', '/api/admin/article'],
      [undefined, 'GET', `/api/admin/article/${a._id}`],
      [draft(), 'PUT', `/api/admin/article/${a._id}`],
      [undefined, 'POST', `/api/admin/article/${a._id}/publish`],
      [undefined, 'POST', `/api/admin/article/${a._id}/unpublish`],
      [undefined, 'DELETE', `/api/admin/article/${a._id}`],
    ];
    for (const [body, method, url] of routes) {
      for (const token of [owner, agent]) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    const cover = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: await png() }]);
    for (const token of [owner, agent]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/article/cover',
        headers: { token, 'content-type': cover.contentType },
        payload: cover.payload,
      });
      expect(res.statusCode).toBe(403);
    }
    // the article is untouched
    expect(json(await get(`/api/admin/article/${a._id}`, admin), api.article)).toEqual(a);
  });
});

describe('writing articles', () => {
  it('creates a draft with its body sanitised, and audits it', async () => {
    const a = await create({
      title: 'Cara Cepat',
      slug: 'cara-cepat',
      bodyHtml:
        '<h2>Langkah</h2><p onclick="alert(1)"><strong>Tebal</strong> <a href="https://sapa.test">tautan</a></p><script>alert(1)</script>',
    });
    expect(a).toMatchObject({ title: 'Cara Cepat', slug: 'cara-cepat', status: 'draft', publishedAt: null });
    expect(a.bodyHtml).toBe(
      '<h2>Langkah</h2><p><strong>Tebal</strong> <a href="https://sapa.test" rel="noopener noreferrer nofollow" target="_blank">tautan</a></p>',
    );
    const [row] = await auditOf(a._id);
    expect(row).toMatchObject({ action: 'article.create', targetType: 'article', before: null });
    expect(row!.after).toMatchObject({ title: 'Cara Cepat', slug: 'cara-cepat', status: 'draft' });
    expect(row!.adminName).not.toBe('');
  });

  it('refuses a bad slug, a short title and an unsafe cover with the field named', async () => {
    const cases: [Partial<api.ArticleBody>, string][] = [
      [{ slug: 'Bukan Slug!' }, 'slug'],
      [{ slug: 'dua--strip' }, 'slug'],
      [{ title: 'ab' }, 'title'],
      [{ coverUrl: 'javascript:alert(1)' }, 'coverUrl'],
      [{ coverUrl: '/api/article/cover/../../rahasia' }, 'coverUrl'],
      [{ coverUrl: 'data:image/png;base64,AAAA' }, 'coverUrl'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post('/api/admin/article', admin, draft(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json(res, api.apiErrorBody).fields?.[field], JSON.stringify(overrides)).toBeTruthy();
    }
  });

  it('gives one 201 and 409s when ten saves of one slug race, never a 500', async () => {
    const body = draft({ slug: 'balapan-slug' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/admin/article', admin, { ...body, title: `Balapan ${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(json(res, api.apiErrorBody)).toMatchObject({
        code: 'CONFLICT',
        message: M.slugTaken,
        fields: { slug: M.slugTaken },
      });
    }
  });

  it('refuses renaming to a taken slug with 409, and updates otherwise (audited before and after)', async () => {
    const a = await create();
    const b = await create();
    const taken = await put(`/api/admin/article/${b._id}`, admin, draft({ slug: a.slug }));
    expect(taken.statusCode).toBe(409);
    expect(json(taken, api.apiErrorBody).message).toBe('Slug sudah dipakai artikel lain');

    t.clock.advance(60_000);
    const res = await put(
      `/api/admin/article/${b._id}`,
      admin,
      draft({
        title: 'Judul Baru',
        slug: 'judul-baru',
        bodyHtml: '<p>Baru <img src=x onerror=alert(1)></p>',
      }),
    );
    expect(res.statusCode).toBe(200);
    const updated = json(res, api.article);
    expect(updated).toMatchObject({ title: 'Judul Baru', slug: 'judul-baru', bodyHtml: '<p>Baru </p>' });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(b.updatedAt));
    const rows = await auditOf(b._id);
    const update = rows.find((r) => r.action === 'article.update');
    expect(update?.before).toMatchObject({ slug: b.slug });
    expect(update?.after).toMatchObject({ slug: 'judul-baru' });

    expect((await put('/api/admin/article/tidak-ada', admin, draft())).statusCode).toBe(404);
  });

  it('lists by search and status, the last changed first, a page at a time', async () => {
    const x = await create({ title: 'Promo Lebaran Hemat', slug: 'promo-lebaran-hemat' });
    t.clock.advance(1000);
    const y = await create({ title: 'Promo Lebaran Kedua', slug: 'promo-lebaran-kedua' });
    t.clock.advance(1000);
    expect((await publish(x._id)).statusCode).toBe(200);
    const all = json(await get('/api/admin/article?q=lebaran', admin), api.articlePage);
    expect(all.docs.map((d) => d._id)).toEqual([x._id, y._id]);
    const drafts = json(await get('/api/admin/article?q=lebaran&status=draft', admin), api.articlePage);
    expect(drafts.docs.map((d) => d._id)).toEqual([y._id]);
    const bySlug = json(await get('/api/admin/article?q=promo-lebaran-kedua', admin), api.articlePage);
    expect(bySlug.docs.map((d) => d._id)).toEqual([y._id]);
    const first = json(await get('/api/admin/article?q=lebaran&limit=1', admin), api.articlePage);
    expect(first).toMatchObject({ hasNextPage: true });
    const second = json(await get('/api/admin/article?q=lebaran&limit=1&page=2', admin), api.articlePage);
    expect(second.docs.map((d) => d._id)).toEqual([y._id]);
    expect(second.hasNextPage).toBe(false);
    // a LIKE wildcard is searched as itself
    expect(json(await get('/api/admin/article?q=%25', admin), api.articlePage).docs).toEqual([]);
  });

  it('deletes an article (audited) and then answers 404', async () => {
    const a = await create();
    const res = await call('DELETE', `/api/admin/article/${a._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(json(res, api.messageResponse).message).toBe(M.deleted);
    expect((await get(`/api/admin/article/${a._id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/article/${a._id}`, admin)).statusCode).toBe(404);
    const rows = await auditOf(a._id);
    expect(rows.map((r) => r.action).sort()).toEqual(['article.create', 'article.delete']);
  });
});

describe('publishing', () => {
  it('shows a published article on the public routes, never a draft, and hides it again when unpublished', async () => {
    const a = await create({ slug: 'terbit-lalu-tarik', bodyHtml: '<p>Isi <em>publik</em></p>' });
    const hidden = await call('GET', `/api/article/${a.slug}`);
    expect(hidden.statusCode).toBe(404);
    expect(json(hidden, api.apiErrorBody).message).toBe('Artikel tidak ditemukan');
    expect((await publicList()).map((d) => d.slug)).not.toContain(a.slug);

    t.clock.advance(60_000);
    const res = await publish(a._id);
    expect(res.statusCode).toBe(200);
    const published = json(res, api.article);
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBe(t.clock.now().toISOString());

    const shown = json(await call('GET', `/api/article/${a.slug}`), api.article);
    expect(shown).toMatchObject({ _id: a._id, bodyHtml: '<p>Isi <em>publik</em></p>' });
    const listed = (await publicList()).find((d) => d.slug === a.slug);
    expect(listed).toMatchObject({ _id: a._id, title: a.title, publishedAt: published.publishedAt });
    // the list carries no bodies, no status
    expect(listed).not.toHaveProperty('bodyHtml');
    expect(listed).not.toHaveProperty('status');

    // publishing again keeps the date
    t.clock.advance(60_000);
    expect(json(await publish(a._id), api.article).publishedAt).toBe(published.publishedAt);

    const back = json(await unpublish(a._id), api.article);
    expect(back).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await call('GET', `/api/article/${a.slug}`)).statusCode).toBe(404);
    expect((await publicList()).map((d) => d.slug)).not.toContain(a.slug);

    const actions = (await auditOf(a._id)).map((r) => r.action).sort();
    expect(actions).toEqual(['article.create', 'article.publish', 'article.publish', 'article.unpublish']);
  });

  it('lists the published articles newest first, a page at a time', async () => {
    const older = await create();
    const newer = await create();
    t.clock.advance(60_000);
    await publish(older._id);
    t.clock.advance(60_000);
    await publish(newer._id);
    const slugs = (await publicList()).map((d) => d.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    const page = json(await call('GET', '/api/article?limit=1'), api.publicArticlePage);
    expect(page.docs.map((d) => d.slug)).toEqual([newer.slug]);
    expect(page.hasNextPage).toBe(true);
  });

  it('finds an article whose slug is the name of the images route', async () => {
    const a = await create({ slug: 'cover' });
    await publish(a._id);
    expect(json(await call('GET', '/api/article/cover'), api.article)._id).toBe(a._id);
  });

  it('refuses to publish an empty article', async () => {
    const a = await create({ bodyHtml: '<p>  </p><script>x</script>' });
    const res = await publish(a._id);
    expect(res.statusCode).toBe(400);
    expect(json(res, api.apiErrorBody).fields?.bodyHtml).toBe(M.bodyEmpty);
    expect((await publish('tidak-ada')).statusCode).toBe(404);
  });
});

describe('the head of /artikel/{slug} for crawlers', () => {
  it('carries the title, description and cover of a published article, escaped', async () => {
    const cover = await uploadCover();
    const a = await create({
      title: 'Judul <script>alert("x")</script> & \'kutip\'',
      slug: 'judul-berbahaya',
      summary: 'Ringkasan "dengan" <b>tanda</b>',
      coverUrl: cover,
    });
    await publish(a._id);
    const res = await call('GET', '/artikel/judul-berbahaya');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const title = 'Judul &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;kutip&#39;';
    expect(html).toContain(`<title>${title} · Sapa</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    const description = 'Ringkasan &quot;dengan&quot; &lt;b&gt;tanda&lt;/b&gt;';
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:image" content="${t.ctx.config.publicUrl}${cover}" />`);
    // the app's own title and description are replaced, not repeated; nothing unescaped gets in
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<div id="root"></div>');
    // the security headers are the app's as everywhere (the CSP unchanged)
    const plain = await call('GET', '/user/chat');
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('uses the text of the body when there is no summary', async () => {
    const a = await create({
      slug: 'tanpa-ringkasan',
      summary: '',
      bodyHtml: '<h2>Awal</h2><p>Isi &amp; lanjut</p>',
    });
    await publish(a._id);
    const html = (await call('GET', '/artikel/tanpa-ringkasan')).body;
    expect(html).toContain('<meta name="description" content="Awal Isi &amp; lanjut" />');
  });

  it('answers a draft, an unknown or a malformed slug with the plain app and 404', async () => {
    const a = await create({ slug: 'masih-draf' });
    for (const url of [
      '/artikel/masih-draf',
      '/artikel/tidak-ada',
      '/artikel/ada%20spasi',
      '/artikel/BESAR',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX);
    }
    expect(a.status).toBe('draft');
    // other client routes are served as before
    const list = await call('GET', '/artikel');
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe(INDEX);
  });
});

describe('article images', () => {
  it('stores an image and serves it publicly at /api/article/cover/{key}', async () => {
    const url = await uploadCover();
    expect(url).toMatch(/^\/api\/article\/cover\/cover-[A-Za-z0-9_-]{32}\.png$/);
    const res = await call('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    // an article can show it
    expect((await post('/api/admin/article', admin, draft({ coverUrl: url }))).statusCode).toBe(201);
  });

  it('refuses what is not a raster image, and serves nothing but cover keys', async () => {
    const html = '<!doctype html><script>alert(1)</script>';
    for (const [filename, type, data] of [
      ['x.png', 'image/png', html],
      ['x.html', 'text/html', html],
      ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ] as const) {
      const res = await upload([{ name: 'file', filename, type, data }]);
      expect(res.statusCode, filename).toBe(400);
      expect(json(res, api.apiErrorBody).message, filename).toBe(M.coverType);
    }
    expect((await upload([])).statusCode).toBe(400);
    for (const key of [
      'proof-abcdefghijklmnopqrstuvwxyz012345.png',
      'abcdefghijklmnopqrstuvwxyz012345.png',
      'cover-x.png',
    ]) {
      expect((await call('GET', `/api/article/cover/${key}`)).statusCode, key).toBe(404);
    }
    expect(
      (await call('GET', '/api/article/cover/cover-abcdefghijklmnopqrstuvwxyz012345.png')).statusCode,
    ).toBe(404);
  });
});

function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();
}

function upload(parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/article/cover',
    headers: { token: admin, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function uploadCover(): Promise<string> {
  const res = await upload([{ name: 'file', filename: 'sampul.png', type: 'image/png', data: await png() }]);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url;
}
