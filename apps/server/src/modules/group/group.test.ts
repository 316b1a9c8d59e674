import * as api from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CONTACT_LIMITS, CONTACT_MESSAGES as M, type ContactGroup, type GroupContact } from '@sapa/contracts';
import { contactGroups, groupContacts } from '../../db/schema';
import { agentFor, createTestApp, json, registerOwner, type TestApp } from '../../../test/helpers';
import { EXPORT_BATCH } from './export';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<typeof t.app.inject>>;
type Page<T> = { docs: T[]; hasNextPage: boolean };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const createGroup = async (token: string, name: string) => {
  const res = await call('POST', '/group', token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.contactGroup);
};
const groups = async (token: string, query = '') =>
  json(await call('GET', `/group${query}`, token), api.contactGroupPage);
const contactsOf = async (token: string, groupId: string, query = '') =>
  json(await call('GET', `/group/${groupId}/contact${query}`, token), api.groupContactPage);
const allContacts = async (token: string, query = '') =>
  json(await call('GET', `/group/contact${query}`, token), api.groupContactPage);
const addContacts = async (token: string, groupId: string, contacts: unknown[]) => {
  const res = await call('POST', `/group/${groupId}/contact`, token, { contacts });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.addContactsResponse);
};
const addColumn = async (token: string, groupId: string, name: string) => {
  const res = await call('POST', `/group/${groupId}/column`, token, { name });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.contactGroup);
};

function expectRefused(res: Res, status: number, code: string, message: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = json(res, api.apiErrorBody);
  expect(body).toMatchObject({ code, message });
  if (field) expect(body.fields?.[field]).toBe(message);
}

async function owner() {
  const { token } = await registerOwner(t.app);
  return { token };
}

/** Every row of the sheet as plain values (the header first). */
async function readXlsx(res: Res): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: width }, (_, i) => values[i] ?? null));
  });
  return rows;
}

const names = (page: Page<GroupContact> | Page<ContactGroup>) => page.docs.map((d) => d.name);

describe('groups', () => {
  it('creates, reads, renames and deletes a group', async () => {
    const { token } = await owner();
    expect(await groups(token)).toEqual({ docs: [], hasNextPage: false });

    const at = t.clock.now().toISOString();
    const group = await createGroup(token, '  Pelanggan VIP  ');
    expect(group).toEqual({
      _id: expect.any(String),
      name: 'Pelanggan VIP',
      columns: [],
      total: 0,
      createdAt: at,
      updatedAt: at,
    });
    expect(await groups(token)).toEqual({ docs: [group], hasNextPage: false });
    expect(json(await call('GET', `/group/${group._id}`, token), api.contactGroup)).toEqual(group);

    t.clock.advance(60_000);
    const renamed = await call('PUT', `/group/${group._id}`, token, { name: 'Pelanggan Setia' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed, api.contactGroup)).toEqual({
      ...group,
      name: 'Pelanggan Setia',
      updatedAt: t.clock.now().toISOString(),
    });
    // its own name in another case is not a duplicate of itself
    expect(
      json(await call('PUT', `/group/${group._id}`, token, { name: 'PELANGGAN SETIA' }), api.contactGroup),
    ).toMatchObject({
      name: 'PELANGGAN SETIA',
    });

    await addContacts(token, group._id, [{ name: 'Budi', phoneNumber: '081234567890' }]);
    const removed = await call('DELETE', `/group/${group._id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(json(removed, api.messageResponse)).toEqual({ message: M.groupDeleted });
    expect(await groups(token)).toEqual({ docs: [], hasNextPage: false });
    // its contacts went with it
    expect(await allContacts(token)).toEqual({ docs: [], hasNextPage: false });

    for (const res of [
      await call('GET', `/group/${group._id}`, token),
      await call('PUT', `/group/${group._id}`, token, { name: 'X' }),
      await call('DELETE', `/group/${group._id}`, token),
      await call('GET', '/group/tidak-ada', token),
    ]) {
      expectRefused(res, 404, 'NOT_FOUND', M.groupNotFound);
    }
  });

  it('refuses a taken name in any case and an invalid one', async () => {
    const { token } = await owner();
    const vip = await createGroup(token, 'VIP');
    const other = await createGroup(token, 'Reseller');
    expectRefused(
      await call('POST', '/group', token, { name: 'vip' }),
      409,
      'CONFLICT',
      M.groupNameTaken,
      'name',
    );
    expectRefused(
      await call('PUT', `/group/${other._id}`, token, { name: ' Vip ' }),
      409,
      'CONFLICT',
      M.groupNameTaken,
      'name',
    );
    expectRefused(
      await call('POST', '/group', token, { name: '   ' }),
      400,
      'VALIDATION',
      M.groupNameInvalid,
      'name',
    );
    expectRefused(await call('POST', '/group', token, {}), 400, 'VALIDATION', M.groupNameInvalid, 'name');
    expectRefused(
      await call('POST', '/group', token, { name: 'x'.repeat(101) }),
      400,
      'VALIDATION',
      'Nama grup maksimal 100 karakter',
      'name',
    );
    expect(names(await groups(token))).toEqual(['Reseller', 'VIP']);
    expect(json(await call('GET', `/group/${vip._id}`, token), api.contactGroup)).toEqual(vip);
  });

  it('lists alphabetically whatever the case with totals, searches by name and pages', async () => {
    const { token } = await owner();
    for (const name of ['b grup', 'A grup', 'c_100%', 'Zeta']) await createGroup(token, name);
    const a = (await groups(token)).docs.find((g) => g.name === 'A grup')!;
    await addContacts(token, a._id, [
      { name: 'Satu', phoneNumber: '6281100000001' },
      { name: 'Dua', phoneNumber: '6281100000002' },
    ]);
    const page = await groups(token);
    expect(names(page)).toEqual(['A grup', 'b grup', 'c_100%', 'Zeta']);
    expect(page.docs.map((g) => g.total)).toEqual([2, 0, 0, 0]);
    expect(await groups(token, '?limit=3')).toMatchObject({ hasNextPage: true });
    expect(names(await groups(token, '?limit=3&page=2'))).toEqual(['Zeta']);
    expect(names(await groups(token, '?search=GRUP'))).toEqual(['A grup', 'b grup']);
    expect(names(await groups(token, '?search=_100%25'))).toEqual(['c_100%']);
    expect(names(await groups(token, '?search=%25'))).toEqual(['c_100%']);
    expect(await groups(token, '?search=tidak')).toEqual({ docs: [], hasNextPage: false });
    expect((await call('GET', '/group?limit=201', token)).statusCode).toBe(400);
  });
});

describe('group contacts', () => {
  it('adds contacts with normalised numbers, merges repeats and updates numbers already there', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Grosir');
    await addColumn(token, group._id, 'Kota');
    await addColumn(token, group._id, 'Catatan');

    t.clock.advance(1000);
    const at1 = t.clock.now().toISOString();
    const first = await addContacts(token, group._id, [
      { name: 'Budi', phoneNumber: '0812-3456-7890', values: { Kota: 'Bandung' } },
      { name: 'Sari', phoneNumber: '+62 813 1111 2222', values: { kota: 'Medan', Catatan: 12 } },
      { name: 'Budi Santoso', phoneNumber: '6281234567890', values: { Catatan: 'langganan', Kota: '' } },
    ]);
    expect(first).toMatchObject({
      message: '2 kontak berhasil ditambahkan',
      added: 2,
      updated: 0,
      duplicates: 1,
    });
    expect(first.docs).toEqual([
      {
        _id: expect.any(String),
        name: 'Budi Santoso',
        phoneNumber: '6281234567890',
        groupId: group._id,
        group: { _id: group._id, name: 'Grosir' },
        values: { Kota: 'Bandung', Catatan: 'langganan' },
        createdAt: at1,
        updatedAt: at1,
      },
      expect.objectContaining({
        name: 'Sari',
        phoneNumber: '6281311112222',
        values: { Kota: 'Medan', Catatan: '12' },
      }),
    ]);

    t.clock.advance(1000);
    const at2 = t.clock.now().toISOString();
    const second = await addContacts(token, group._id, [
      { name: 'Budi S.', phoneNumber: '081234567890', values: { Kota: 'Jakarta' } },
      { name: 'Tono', phoneNumber: '6285700001111' },
    ]);
    expect(second).toMatchObject({
      message: '2 kontak berhasil ditambahkan',
      added: 1,
      updated: 1,
      duplicates: 0,
    });
    expect(second.docs[0]).toMatchObject({
      _id: first.docs[0]!._id,
      name: 'Budi S.',
      values: { Kota: 'Jakarta', Catatan: 'langganan' },
      createdAt: at1,
      updatedAt: at2,
    });
    const list = await contactsOf(token, group._id);
    expect(names(list)).toEqual(['Budi S.', 'Sari', 'Tono']);
    expect(json(await call('GET', `/group/${group._id}`, token), api.contactGroup)).toMatchObject({
      total: 3,
      updatedAt: at2,
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Ketat');
    await addColumn(token, group._id, 'Kota');
    await addContacts(token, group._id, [
      { name: 'Ada', phoneNumber: '6281200000000', values: { Kota: 'Solo' } },
    ]);
    const before = await contactsOf(token, group._id);
    const beforeGroup = json(await call('GET', `/group/${group._id}`, token), api.contactGroup);
    const post = (contacts: unknown) => call('POST', `/group/${group._id}/contact`, token, { contacts });

    expectRefused(
      await post([
        { name: 'Baru', phoneNumber: '6281200000001' },
        { name: 'Ada', phoneNumber: '6281200000000', values: { Alamat: 'x' } },
      ]),
      400,
      'VALIDATION',
      'Kolom "Alamat" tidak ada di grup ini',
      'contacts.1.values',
    );
    expectRefused(
      await post([
        { name: 'Baru', phoneNumber: '6281200000001' },
        { name: 'Salah', phoneNumber: '12ab' },
      ]),
      400,
      'VALIDATION',
      M.phoneInvalid,
      'contacts.1.phoneNumber',
    );
    expectRefused(
      await post([{ name: ' ', phoneNumber: '6281200000009' }]),
      400,
      'VALIDATION',
      M.contactNameInvalid,
    );
    expectRefused(
      await post([{ name: 'Panjang', phoneNumber: '6281200000009', values: { Kota: 'x'.repeat(501) } }]),
      400,
      'VALIDATION',
      'Isi kolom maksimal 500 karakter',
    );
    expectRefused(await post([]), 400, 'VALIDATION', M.contactsRequired, 'contacts');
    expectRefused(
      await call('POST', `/group/${group._id}/contact`, token, {}),
      400,
      'VALIDATION',
      M.contactsRequired,
    );
    const many = Array.from({ length: CONTACT_LIMITS.contactsPerRequest + 1 }, (_, i) => ({
      name: `K${i}`,
      phoneNumber: `62812${String(i).padStart(8, '0')}`,
    }));
    expectRefused(await post(many), 400, 'VALIDATION', 'Maksimal 1000 kontak sekaligus', 'contacts');
    expectRefused(
      await call('POST', '/group/tidak-ada/contact', token, {
        contacts: [{ name: 'A', phoneNumber: '6281200000001' }],
      }),
      404,
      'NOT_FOUND',
      M.groupNotFound,
    );

    expect(await contactsOf(token, group._id)).toEqual(before);
    expect(json(await call('GET', `/group/${group._id}`, token), api.contactGroup)).toEqual(beforeGroup);
  });

  it('adds 1000 contacts in one request', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Seribu');
    const contacts = Array.from({ length: 1000 }, (_, i) => ({
      name: `Kontak ${String(i).padStart(4, '0')}`,
      phoneNumber: `62812${String(i).padStart(8, '0')}`,
    }));
    const result = await addContacts(token, group._id, contacts);
    expect(result).toMatchObject({
      added: 1000,
      updated: 0,
      duplicates: 0,
      message: '1000 kontak berhasil ditambahkan',
    });
    expect(result.docs.map((d) => d.phoneNumber)).toEqual(contacts.map((c) => c.phoneNumber));
    expect(json(await call('GET', `/group/${group._id}`, token), api.contactGroup).total).toBe(1000);
  });

  it('lists contacts by name across groups and within one, searched by name or number', async () => {
    const { token } = await owner();
    const a = await createGroup(token, 'Grup A');
    const b = await createGroup(token, 'Grup B');
    await addContacts(token, a._id, [
      { name: 'budi', phoneNumber: '081234567890' },
      { name: 'Citra', phoneNumber: '6285611112222' },
      { name: 'ani_50%', phoneNumber: '6287700001111' },
    ]);
    await addContacts(token, b._id, [
      { name: 'Budi', phoneNumber: '6281234567890' },
      { name: 'Dewi', phoneNumber: '6281399990000' },
    ]);

    const all = await allContacts(token);
    expect(all.docs.map((d) => `${d.name}/${d.group.name}`)).toEqual([
      'ani_50%/Grup A',
      expect.stringMatching(/^[bB]udi\/Grup [AB]$/),
      expect.stringMatching(/^[bB]udi\/Grup [AB]$/),
      'Citra/Grup A',
      'Dewi/Grup B',
    ]);
    expect(all.hasNextPage).toBe(false);
    expect(names(await contactsOf(token, a._id))).toEqual(['ani_50%', 'budi', 'Citra']);
    expect(names(await contactsOf(token, b._id))).toEqual(['Budi', 'Dewi']);

    // paging
    const first = await allContacts(token, '?limit=2');
    expect(first.hasNextPage).toBe(true);
    const rest = [
      ...first.docs,
      ...(await allContacts(token, '?limit=2&page=2')).docs,
      ...(await allContacts(token, '?limit=2&page=3')).docs,
    ];
    expect(rest.map((d) => d._id)).toEqual(all.docs.map((d) => d._id));
    expect(await allContacts(token, '?limit=2&page=3')).toMatchObject({ hasNextPage: false });

    // by name, any case
    expect(names(await allContacts(token, '?search=BUD')).map((n) => n.toLowerCase())).toEqual([
      'budi',
      'budi',
    ]);
    expect(names(await contactsOf(token, a._id, '?search=citr'))).toEqual(['Citra']);
    // LIKE wildcards are text
    expect(names(await allContacts(token, '?search=_50%25'))).toEqual(['ani_50%']);
    expect(names(await allContacts(token, '?search=%25'))).toEqual([]);
    // one or two letters: the start of the name only (too short for the trigram index)
    expect(names(await allContacts(token, '?search=ci'))).toEqual(['Citra']);
    expect(names(await allContacts(token, '?search=tr'))).toEqual([]);
    // by number: a substring, as typed with 0 or +62, spaces and dashes
    expect(names(await allContacts(token, '?search=99990'))).toEqual(['Dewi']);
    expect(names(await contactsOf(token, b._id, '?search=0813-9999'))).toEqual(['Dewi']);
    expect(names(await contactsOf(token, a._id, `?search=${encodeURIComponent('+62 856 1111')}`))).toEqual([
      'Citra',
    ]);
    expect(names(await contactsOf(token, a._id, '?search=0812 3456'))).toEqual(['budi']);
    expect(await allContacts(token, '?search=tidak-ada')).toEqual({ docs: [], hasNextPage: false });

    expect((await call('GET', '/group/contact?limit=201', token)).statusCode).toBe(400);
    expectRefused(await call('GET', '/group/tidak-ada/contact', token), 404, 'NOT_FOUND', M.groupNotFound);
  });

  it('edits one contact: values replace, numbers stay unique in the group', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Edit');
    const other = await createGroup(token, 'Lain');
    await addColumn(token, group._id, 'Kota');
    await addColumn(token, group._id, 'Catatan');
    const { docs } = await addContacts(token, group._id, [
      { name: 'Budi', phoneNumber: '6281200000001', values: { Kota: 'Solo', Catatan: 'a' } },
      { name: 'Sari', phoneNumber: '6281200000002' },
    ]);
    const [budi, sari] = docs as [GroupContact, GroupContact];
    const [lain] = (await addContacts(token, other._id, [{ name: 'Lain', phoneNumber: '6281200000003' }]))
      .docs;

    t.clock.advance(5000);
    const res = await call('PUT', `/group/${budi._id}/contact`, token, {
      name: 'Budi Baru',
      phoneNumber: '0812 0000 0009',
      values: { catatan: 'b' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = json(res, api.groupContact);
    expect(edited).toEqual({
      ...budi,
      name: 'Budi Baru',
      phoneNumber: '6281200000009',
      values: { Catatan: 'b' },
      updatedAt: t.clock.now().toISOString(),
    });
    expect((await contactsOf(token, group._id)).docs).toContainEqual(edited);

    // the alias names the group and the contact
    const alias = await call('PUT', `/group/${group._id}/contact/${sari._id}`, token, {
      name: 'Sari Dewi',
      phoneNumber: '6281200000002',
      values: { Kota: 'Bogor' },
    });
    expect(alias.statusCode, alias.body).toBe(200);
    expect(json(alias, api.groupContact)).toMatchObject({
      _id: sari._id,
      name: 'Sari Dewi',
      values: { Kota: 'Bogor' },
    });
    // the older call: the group's id in the path, the contact's in the body
    const older = await call('PUT', `/group/${group._id}/contact`, token, {
      _id: sari._id,
      name: 'Sari D.',
      phoneNumber: '6281200000002',
    });
    expect(older.statusCode, older.body).toBe(200);
    expect(json(older, api.groupContact)).toMatchObject({ _id: sari._id, name: 'Sari D.', values: {} });

    // a number another contact of the group has
    expectRefused(
      await call('PUT', `/group/${sari._id}/contact`, token, { name: 'Sari', phoneNumber: '081200000009' }),
      409,
      'CONFLICT',
      M.phoneTaken,
      'phoneNumber',
    );
    // the same number in another group is fine
    expect(
      (
        await call('PUT', `/group/${lain!._id}/contact`, token, {
          name: 'Lain',
          phoneNumber: '6281200000009',
        })
      ).statusCode,
    ).toBe(200);
    expectRefused(
      await call('PUT', `/group/${sari._id}/contact`, token, {
        name: 'Sari',
        phoneNumber: '6281200000002',
        values: { Alamat: 'x' },
      }),
      400,
      'VALIDATION',
      'Kolom "Alamat" tidak ada di grup ini',
      'values',
    );
    expectRefused(
      await call('PUT', `/group/${sari._id}/contact`, token, { name: 'Sari', phoneNumber: 'abc' }),
      400,
      'VALIDATION',
      M.phoneInvalid,
      'phoneNumber',
    );
    for (const res of [
      await call('PUT', '/group/tidak-ada/contact', token, { name: 'X', phoneNumber: '6281200000002' }),
      // the alias with a contact of another group
      await call('PUT', `/group/${other._id}/contact/${sari._id}`, token, {
        name: 'X',
        phoneNumber: '6281200000002',
      }),
      await call('PUT', `/group/${group._id}/contact`, token, {
        _id: lain!._id,
        name: 'X',
        phoneNumber: '6281200000002',
      }),
    ]) {
      expectRefused(res, 404, 'NOT_FOUND', M.contactNotFound);
    }
    expect(names(await contactsOf(token, group._id))).toEqual(['Budi Baru', 'Sari D.']);
  });

  it('deletes contacts of the group by id', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Hapus');
    const other = await createGroup(token, 'Tetap');
    const { docs } = await addContacts(token, group._id, [
      { name: 'A', phoneNumber: '6281200000001' },
      { name: 'B', phoneNumber: '6281200000002' },
      { name: 'C', phoneNumber: '6281200000003' },
      { name: 'D', phoneNumber: '6281200000004' },
    ]);
    const [keep] = (await addContacts(token, other._id, [{ name: 'X', phoneNumber: '6281200000001' }])).docs;
    const ids = docs.map((d) => d._id);

    const res = await call(
      'DELETE',
      `/group/${group._id}/contact?contactIds=${ids[0]},${ids[1]},${keep!._id},nope`,
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, api.deleteContactsResponse)).toEqual({
      message: '2 kontak berhasil dihapus',
      deleted: 2,
    });
    const repeated = await call(
      'DELETE',
      `/group/${group._id}/contact?contactIds=${ids[2]}&contactIds=${ids[2]}`,
      token,
    );
    expect(json(repeated, api.deleteContactsResponse)).toEqual({
      message: '1 kontak berhasil dihapus',
      deleted: 1,
    });
    expect(names(await contactsOf(token, group._id))).toEqual(['D']);
    expect(names(await contactsOf(token, other._id))).toEqual(['X']);

    expectRefused(
      await call('DELETE', `/group/${group._id}/contact`, token),
      400,
      'VALIDATION',
      M.contactIdsRequired,
    );
    expectRefused(
      await call('DELETE', `/group/${group._id}/contact?contactIds=,`, token),
      400,
      'VALIDATION',
      M.contactIdsRequired,
    );
    expectRefused(
      await call('DELETE', `/group/tidak-ada/contact?contactIds=${ids[3]}`, token),
      404,
      'NOT_FOUND',
      M.groupNotFound,
    );
    expect(names(await contactsOf(token, group._id))).toEqual(['D']);
  });
});

describe('group columns', () => {
  it('adds, renames and deletes columns, carrying and removing the values', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Kolom');
    expect(await addColumn(token, group._id, ' Kota ')).toMatchObject({ columns: ['Kota'] });
    expect(await addColumn(token, group._id, 'Usia')).toMatchObject({ columns: ['Kota', 'Usia'] });
    await addContacts(token, group._id, [
      { name: 'A', phoneNumber: '6281200000001', values: { Kota: 'Solo', Usia: '30' } },
      { name: 'B', phoneNumber: '6281200000002', values: { Usia: '40' } },
    ]);

    t.clock.advance(1000);
    const at = t.clock.now().toISOString();
    const renamed = await call('PUT', `/group/${group._id}/column`, token, {
      oldName: 'kota',
      newName: 'Domisili',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed, api.contactGroup)).toMatchObject({ columns: ['Domisili', 'Usia'], updatedAt: at });
    expect((await contactsOf(token, group._id)).docs.map((d) => d.values)).toEqual([
      { Domisili: 'Solo', Usia: '30' },
      { Usia: '40' },
    ]);
    // only the case
    expect(
      json(
        await call('PUT', `/group/${group._id}/column`, token, { oldName: 'Domisili', newName: 'DOMISILI' }),
        api.contactGroup,
      ),
    ).toMatchObject({
      columns: ['DOMISILI', 'Usia'],
    });
    expect((await contactsOf(token, group._id)).docs[0]!.values).toEqual({ DOMISILI: 'Solo', Usia: '30' });

    expectRefused(
      await call('PUT', `/group/${group._id}/column`, token, { oldName: 'Usia', newName: 'domisili' }),
      409,
      'CONFLICT',
      M.columnNameTaken,
      'newName',
    );
    expectRefused(
      await call('PUT', `/group/${group._id}/column`, token, { oldName: 'Alamat', newName: 'Jalan' }),
      404,
      'NOT_FOUND',
      M.columnNotFound,
    );
    expectRefused(
      await call('PUT', `/group/${group._id}/column`, token, { oldName: 'Usia', newName: 'Nama' }),
      400,
      'VALIDATION',
      M.columnNameReserved,
      'newName',
    );

    const deleted = await call('DELETE', `/group/${group._id}/column?name=usia`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted, api.contactGroup)).toMatchObject({ columns: ['DOMISILI'] });
    expect((await contactsOf(token, group._id)).docs.map((d) => d.values)).toEqual([
      { DOMISILI: 'Solo' },
      {},
    ]);
    // the column can come back, empty
    await addColumn(token, group._id, 'Usia');
    expect((await contactsOf(token, group._id)).docs.map((d) => d.values)).toEqual([
      { DOMISILI: 'Solo' },
      {},
    ]);

    expectRefused(
      await call('DELETE', `/group/${group._id}/column?name=Alamat`, token),
      404,
      'NOT_FOUND',
      M.columnNotFound,
    );
    expectRefused(
      await call('DELETE', `/group/${group._id}/column`, token),
      400,
      'VALIDATION',
      M.columnNotFound,
    );
    for (const res of [
      await call('POST', '/group/tidak-ada/column', token, { name: 'X' }),
      await call('PUT', '/group/tidak-ada/column', token, { oldName: 'Usia', newName: 'Umur' }),
      await call('DELETE', '/group/tidak-ada/column?name=Usia', token),
    ]) {
      expectRefused(res, 404, 'NOT_FOUND', M.groupNotFound);
    }
  });

  it('refuses taken, reserved and too many columns', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Batas');
    await addColumn(token, group._id, 'Kota');
    const post = (name: unknown) => call('POST', `/group/${group._id}/column`, token, { name });
    expectRefused(await post('KOTA'), 409, 'CONFLICT', M.columnNameTaken, 'name');
    for (const reserved of ['Nama', 'nomor telepon', 'phoneNumber']) {
      expectRefused(await post(reserved), 400, 'VALIDATION', M.columnNameReserved, 'name');
    }
    expectRefused(await post(''), 400, 'VALIDATION', M.columnNameInvalid, 'name');
    expectRefused(await post('x'.repeat(51)), 400, 'VALIDATION', 'Nama kolom maksimal 50 karakter', 'name');
    for (let i = 2; i <= CONTACT_LIMITS.columnsPerGroup; i++) await addColumn(token, group._id, `Kolom ${i}`);
    expectRefused(await post('Satu lagi'), 400, 'VALIDATION', 'Maksimal 30 kolom per grup', 'name');
    const after = json(await call('GET', `/group/${group._id}`, token), api.contactGroup);
    expect(after.columns).toHaveLength(CONTACT_LIMITS.columnsPerGroup);
    expect(after.columns[0]).toBe('Kota');
  });
});

describe('group export', () => {
  it('downloads the group as .xlsx: the fixed columns, the group columns, one row per contact', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Pelanggan Ñandú/2026');
    await addColumn(token, group._id, 'Kota');
    await addColumn(token, group._id, 'Usia');
    await addContacts(token, group._id, [
      { name: 'citra', phoneNumber: '6285611112222', values: { Usia: '25' } },
      { name: 'Budi', phoneNumber: '081234567890', values: { Kota: 'Solo', Usia: 30 } },
      { name: 'Ani', phoneNumber: '6280000000123' },
    ]);

    const res = await call('POST', `/group/${group._id}/export`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Pelanggan _and__2026.xlsx"; filename*=UTF-8''Pelanggan%20%C3%91and%C3%BA_2026.xlsx`,
    );
    expect(await readXlsx(res)).toEqual([
      ['Nama', 'Nomor Telepon', 'Kota', 'Usia'],
      ['Ani', '6280000000123', null, null],
      ['Budi', '6281234567890', 'Solo', '30'],
      ['citra', '6285611112222', null, '25'],
    ]);
  });

  it('exports a group larger than one batch in list order', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Besar');
    await addColumn(token, group._id, 'No');
    const [row] = await t.ctx.db
      .select({ ownerId: contactGroups.ownerId })
      .from(contactGroups)
      .where(eq(contactGroups.id, group._id));
    const count = EXPORT_BATCH * 2 + 124;
    // names collide in pairs (the id breaks the tie), in no particular insertion order
    await t.ctx.db.execute(sql`
      insert into ${groupContacts} (id, owner_id, group_id, name, phone_number, "values")
      select gen_random_uuid()::text, ${row!.ownerId}, ${group._id},
        'Kontak ' || lpad(((i * 7919) % ${count / 2 + 1})::text, 5, '0'),
        (6281000000000 + i)::text, jsonb_build_object('No', i::text)
      from generate_series(1, ${count}) as i`);

    const res = await call('POST', `/group/${group._id}/export`, token);
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows).toHaveLength(count + 1);
    const expected = await t.ctx.db
      .select({
        name: groupContacts.name,
        phone: groupContacts.phoneNumber,
        no: sql<string>`${groupContacts.values} ->> 'No'`,
      })
      .from(groupContacts)
      .where(eq(groupContacts.groupId, group._id))
      .orderBy(sql`lower(${groupContacts.name})`, groupContacts.id);
    expect(rows.slice(1)).toEqual(expected.map((e) => [e.name, e.phone, e.no]));
    // the same order as the list
    const listed = await contactsOf(token, group._id, '?limit=200');
    expect(listed.docs.map((d) => d.phoneNumber)).toEqual(expected.slice(0, 200).map((e) => e.phone));
  });

  it('refuses an unknown group', async () => {
    const { token } = await owner();
    expectRefused(await call('POST', '/group/tidak-ada/export', token), 404, 'NOT_FOUND', M.groupNotFound);
  });
});

describe('who may do what', () => {
  it('lets agents read and export but only the owner change groups', async () => {
    const { token } = await owner();
    const group = await createGroup(token, 'Tim');
    await addColumn(token, group._id, 'Kota');
    const { docs } = await addContacts(token, group._id, [{ name: 'Budi', phoneNumber: '6281200000001' }]);
    const contactId = docs[0]!._id;
    const agent = await agentFor(t, token, 'Agen Kontak');
    const snapshot = async () => ({
      group: json(await call('GET', `/group/${group._id}`, token), api.contactGroup),
      contacts: await contactsOf(token, group._id),
      groups: await groups(token),
    });
    const before = await snapshot();

    expect(await groups(agent.token)).toEqual(before.groups);
    expect(json(await call('GET', `/group/${group._id}`, agent.token), api.contactGroup)).toEqual(
      before.group,
    );
    expect(await contactsOf(agent.token, group._id)).toEqual(before.contacts);
    expect(await allContacts(agent.token)).toEqual(before.contacts);
    const exported = await call('POST', `/group/${group._id}/export`, agent.token);
    expect(exported.statusCode).toBe(200);
    expect((await readXlsx(exported))[1]).toEqual(['Budi', '6281200000001', null]);

    const contact = { name: 'X', phoneNumber: '6281200000002' };
    const writes: [Method, string, unknown?][] = [
      ['POST', '/group', { name: 'Baru' }],
      ['PUT', `/group/${group._id}`, { name: 'Ubah' }],
      ['DELETE', `/group/${group._id}`],
      ['POST', `/group/${group._id}/contact`, { contacts: [contact] }],
      ['PUT', `/group/${contactId}/contact`, contact],
      ['PUT', `/group/${group._id}/contact/${contactId}`, contact],
      ['DELETE', `/group/${group._id}/contact?contactIds=${contactId}`],
      ['POST', `/group/${group._id}/column`, { name: 'Usia' }],
      ['PUT', `/group/${group._id}/column`, { oldName: 'Kota', newName: 'Asal' }],
      ['DELETE', `/group/${group._id}/column?name=Kota`],
    ];
    for (const [method, url, body] of writes) {
      expectRefused(await call(method, url, agent.token, body), 403, 'OWNER_ONLY', M.ownerOnly);
      // and without a session at all
      const anonymous = await t.app.inject({
        method,
        url: `/api${url}`,
        ...(body ? { payload: body as object } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const url of ['/group', '/group/contact', `/group/${group._id}`, `/group/${group._id}/contact`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/group/${group._id}/export` })).statusCode).toBe(
      401,
    );
    expect(await snapshot()).toEqual(before);
  });
});
