import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { json, operatorToken, registerOwner, useTestApp } from '../../../test/helpers';
import { defaultSiteSettings } from './site-settings';

/** Issue 23: the beta pages and the 'Menu Lainnya' links, set by the operator, read by /api/config. */
const { t, call, put } = useTestApp();

const publicConfig = async () => json(await call('GET', '/api/config'), api.publicConfig);

const CHANGED: api.SiteSettings = {
  betaPaths: ['/user/integration/instagram', '/user/publication/status'],
  links: {
    tutorial: 'https://contoh.test/tutorial-sapa',
    customerService: 'https://wa.me/6281299998888',
    article: 'https://blog.contoh.test/artikel',
  },
  cloudPrices: { marketing: 586, utility: 356, authentication: 356, service: 0 },
};

describe('site settings', () => {
  it("start from the environment's values, the article link at /artikel", async () => {
    const operator = await operatorToken(t.app);
    const settings = json(await call('GET', '/api/admin/setting/site', operator), api.siteSettings);
    expect(settings).toEqual({
      betaPaths: ['/user/integration/instagram', '/user/integration/messenger'],
      links: {
        tutorial: t.ctx.config.links.tutorial,
        customerService: t.ctx.config.links.customerService,
        article: '/artikel',
      },
      cloudPrices: { marketing: 0, utility: 0, authentication: 0, service: 0 },
    });
    expect(await publicConfig()).toMatchObject(settings);
    // an article link set in the environment is kept as it is
    const own = { ...t.ctx.config, links: { ...t.ctx.config.links, article: 'https://toko.test/blog' } };
    expect(defaultSiteSettings({ ...t.ctx, config: own } as AppContext).links.article).toBe(
      'https://toko.test/blog',
    );
  });

  it('a change shows in /api/config at once, without a restart', async () => {
    const operator = await operatorToken(t.app);
    const saved = await put('/api/admin/setting/site', operator, {
      ...CHANGED,
      betaPaths: [...CHANGED.betaPaths, '/user/integration/instagram'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved, api.siteSettings)).toEqual(CHANGED);
    expect(await publicConfig()).toMatchObject(CHANGED);
    expect(json(await call('GET', '/api/admin/setting/site', operator), api.siteSettings)).toEqual(CHANGED);

    // no beta page at all, a path of this site for the articles
    const none = { betaPaths: [], links: { ...CHANGED.links, article: '/artikel' } };
    expect((await put('/api/admin/setting/site', operator, none)).statusCode).toBe(200);
    expect(await publicConfig()).toMatchObject(none);
  });

  it('refuses what is not a page of the user area or not a link, and changes nothing', async () => {
    const operator = await operatorToken(t.app);
    const before = await publicConfig();
    const refusals: [object, string, string][] = [
      [{ ...CHANGED, betaPaths: ['/admin/user'] }, 'betaPaths.0', 'Alamat halaman harus diawali /user/'],
      [
        { ...CHANGED, links: { ...CHANGED.links, tutorial: 'bukan tautan' } },
        'links.tutorial',
        'Alamat tautan tidak valid',
      ],
      [
        { ...CHANGED, links: { ...CHANGED.links, article: 'javascript:alert(1)' } },
        'links.article',
        'Alamat tautan tidak valid',
      ],
      [{ ...CHANGED, betaPaths: Array.from({ length: 21 }, (_, i) => `/user/p${i}`) }, 'betaPaths', ''],
      [{ betaPaths: [] }, 'links', ''],
    ];
    for (const [body, field, message] of refusals) {
      const res = await put('/api/admin/setting/site', operator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = json(res, api.apiErrorBody);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(error.fields?.[field]).toBe(message);
    }
    expect(await publicConfig()).toEqual(before);
  });

  it('are the operator’s alone', async () => {
    const { token } = await registerOwner(t.app);
    expect((await call('GET', '/api/admin/setting/site', token)).statusCode).toBe(403);
    expect((await put('/api/admin/setting/site', token, CHANGED)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/setting/site')).statusCode).toBe(401);
  });
});
