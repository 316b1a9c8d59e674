import * as api from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M, type GroupContact } from '@sapa/contracts';
import { agentFor, createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';

/**
 * Tenant B (its owner and its agent) against everything of tenant A: A's groups, contacts and columns
 * are invisible to B's lists, every call naming them is a 404, and nothing of A changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('tenant isolation of contact groups', () => {
  it("another tenant neither sees nor changes A's groups, contacts or columns", async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const agentB = await agentFor(t, b.token, 'Agen B');

    const groupA = json(await call('POST', '/group', a.token, { name: 'Rahasia A' }), api.contactGroup);
    await call('POST', `/group/${groupA._id}/column`, a.token, { name: 'Kota' });
    const added = json(
      await call('POST', `/group/${groupA._id}/contact`, a.token, {
        contacts: [
          { name: 'Budi A', phoneNumber: '6281234567890', values: { Kota: 'Solo' } },
          { name: 'Sari A', phoneNumber: '6281311112222' },
        ],
      }),
      api.addContactsResponse,
    );
    const [budi, sari] = added.docs as [GroupContact, GroupContact];
    // B has a group of its own, with the same name and a contact with the same number
    const groupB = json(await call('POST', '/group', b.token, { name: 'Rahasia A' }), api.contactGroup);
    expect(groupB.name).toBe('Rahasia A');
    const [contactB] = json(
      await call('POST', `/group/${groupB._id}/contact`, b.token, {
        contacts: [{ name: 'Budi B', phoneNumber: '6281234567890' }],
      }),
      api.addContactsResponse,
    ).docs;

    const snapshot = async () => ({
      group: json(await call('GET', `/group/${groupA._id}`, a.token), api.contactGroup),
      groups: json(await call('GET', '/group', a.token), api.contactGroupPage),
      contacts: json(await call('GET', `/group/${groupA._id}/contact`, a.token), api.groupContactPage),
      all: json(await call('GET', '/group/contact', a.token), api.groupContactPage),
    });
    const before = await snapshot();

    for (const token of [b.token, agentB.token]) {
      // lists show only B's own
      const groups = json(await call('GET', '/group', token), api.contactGroupPage);
      expect(groups.docs.map((g) => g._id)).toEqual([groupB._id]);
      expect(groups.docs[0]!.total).toBe(1);
      const all = json(await call('GET', '/group/contact', token), api.groupContactPage);
      expect(all.docs.map((c) => c._id)).toEqual([contactB!._id]);
      expect(json(await call('GET', '/group/contact?search=budi', token), api.groupContactPage).docs).toEqual(
        all.docs,
      );
      expect(json(await call('GET', '/group/contact?search=Sari', token), api.groupContactPage)).toEqual({
        docs: [],
        hasNextPage: false,
      });

      // reads naming A's group: 404
      for (const [method, url] of [
        ['GET', `/group/${groupA._id}`],
        ['GET', `/group/${groupA._id}/contact`],
        ['POST', `/group/${groupA._id}/export`],
      ] as const) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(json(res, api.apiErrorBody)).toMatchObject({ code: 'NOT_FOUND', message: M.groupNotFound });
      }
    }

    // writes: B's owner gets 404 for A's ids
    const contact = { name: 'Diganti B', phoneNumber: '6281299999999' };
    const groupWrites: [Method, string, unknown?][] = [
      ['PUT', `/group/${groupA._id}`, { name: 'Diganti B' }],
      ['DELETE', `/group/${groupA._id}`],
      ['POST', `/group/${groupA._id}/contact`, { contacts: [contact] }],
      ['DELETE', `/group/${groupA._id}/contact?contactIds=${budi._id},${sari._id}`],
      ['POST', `/group/${groupA._id}/column`, { name: 'Usia' }],
      ['PUT', `/group/${groupA._id}/column`, { oldName: 'Kota', newName: 'Asal' }],
      ['DELETE', `/group/${groupA._id}/column?name=Kota`],
    ];
    for (const [method, url, body] of groupWrites) {
      const res = await call(method, url, b.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res, api.apiErrorBody)).toMatchObject({ message: M.groupNotFound });
    }
    const contactWrites: [Method, string, unknown][] = [
      ['PUT', `/group/${budi._id}/contact`, contact],
      ['PUT', `/group/${groupA._id}/contact/${budi._id}`, contact],
      ['PUT', `/group/${groupA._id}/contact`, { ...contact, _id: budi._id }],
      // B's own group with A's contact
      ['PUT', `/group/${groupB._id}/contact/${budi._id}`, contact],
      ['PUT', `/group/${groupB._id}/contact`, { ...contact, contactId: budi._id }],
    ];
    for (const [method, url, body] of contactWrites) {
      const res = await call(method, url, b.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res, api.apiErrorBody)).toMatchObject({ message: M.contactNotFound });
    }
    // A's contact ids against B's own group delete nothing
    const res = await call(
      'DELETE',
      `/group/${groupB._id}/contact?contactIds=${budi._id},${sari._id}`,
      b.token,
    );
    expect(json(res, api.deleteContactsResponse)).toMatchObject({ deleted: 0 });

    expect(await snapshot()).toEqual(before);
    expect(before.contacts).toMatchObject({ docs: [budi, sari] });
    // and B's own data is untouched by all that
    expect(
      json(await call('GET', `/group/${groupB._id}/contact`, b.token), api.groupContactPage).docs,
    ).toEqual([contactB]);
  });
});
