import * as api from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody, t as message, type ApiErrorBody } from '@sapa/contracts';
import { customerSays, json, ownerWithSandbox, testDatabase, useTestApp } from '../../test/helpers';
import type { Database } from '../db/client';
import { registerErrorHandler } from './errors';

const NUL_MESSAGE = message('validation.nulCharacter');

/** A 400 VALIDATION answer carrying the NUL message, naming `field` when given. */
function expectNulRefusal(res: { statusCode: number; json(): unknown }, field?: string) {
  expect(res.statusCode).toBe(400);
  const body: ApiErrorBody = apiErrorBody.parse(res.json());
  expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION', message: NUL_MESSAGE });
  if (field) expect(body.fields).toEqual({ [field]: NUL_MESSAGE });
}

describe('a NUL character (U+0000) in the input is a 400 with its message, never a 500', () => {
  const { t, get, post, put } = useTestApp();

  it('in the inbox search, ASCII or not, and in labelIds', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    await customerSays(t.app, accountId, 'Halo kak', '6281244440001', 'Budi');
    for (const search of ['ab\u0000c', 'é\u0000', '\u0000'])
      expectNulRefusal(await get(`/api/chat?search=${encodeURIComponent(search)}`, token), 'search');
    expectNulRefusal(await get(`/api/chat?labelIds=${encodeURIComponent('lbl\u0000')}`, token), 'labelIds');
    expectNulRefusal(
      await get(`/api/chat?labelIds[]=a&labelIds[]=${encodeURIComponent('b\u0000')}`, token),
      'labelIds[].1',
    );
    // the same list without the NUL still answers
    expect((await get(`/api/chat?search=${encodeURIComponent('Halo')}`, token)).statusCode).toBe(200);
  });

  it('in a label, template or contact name (and in a path parameter): refused, nothing stored', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, accountId, 'Halo', '6281244440002', 'Budi');

    expectNulRefusal(await post('/api/chat/label', token, { name: 'V\u0000IP', color: '#b91c1c' }), 'name');
    expect(json(await get('/api/chat/label', token), api.labelList).docs).toEqual([]);

    expectNulRefusal(
      await post('/api/chat/template', token, { title: 'Salam\u0000', type: 'text', text: 'Halo' }),
      'title',
    );
    expectNulRefusal(
      await post('/api/chat/template', token, { title: 'Salam', type: 'text', text: 'Ha\u0000lo' }),
      'text',
    );
    expect(json(await get('/api/chat/template', token), api.templatePage).docs).toEqual([]);

    expectNulRefusal(await put(`/api/chat/${chatId}/contact`, token, { name: 'Bu\u0000di' }), 'name');
    expect(json(await get(`/api/chat/${chatId}`, token), api.chat).contact.name).toBe('Budi');

    // a key of a JSON body, and the id in the path
    expectNulRefusal(await post('/api/chat/label', token, { name: 'VIP', color: '#b91c1c', 'x\u0000': 1 }));
    expectNulRefusal(await get(`/api/chat/${encodeURIComponent('c\u0000')}`, token), 'id');
    expect(json(await get('/api/chat/label', token), api.labelList).docs).toEqual([]);
  });

  it('before the session check too: a login with a NUL is refused as input, not as a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'budi\u0000@contoh.test', password: 'rahasia123' },
    });
    expectNulRefusal(res, 'identifier');
  });
});

/** A NUL reaching PostgreSQL some other way: the handler answers its error as the same 400. */
describe("PostgreSQL's refusal of a NUL (22021 in text, 22P05 in JSON)", () => {
  let database: Database;
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    database = await testDatabase();
    registerErrorHandler(app);
    app.get('/text', async () => database.db.execute(sql`select ${'a\u0000b'}::text as v`));
    app.get('/json', async () => database.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb as v`));
    app.get('/other', async () => database.db.execute(sql`select 1 / ${0}::int as v`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is a 400 VALIDATION with the NUL message; other database errors stay a 500', async () => {
    expectNulRefusal(await app.inject({ method: 'GET', url: '/text' }));
    expectNulRefusal(await app.inject({ method: 'GET', url: '/json' }));
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(json(other, api.apiErrorBody)).toMatchObject({ code: 'INTERNAL' });
  });
});
