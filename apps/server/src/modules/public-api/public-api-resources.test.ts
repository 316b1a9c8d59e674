import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addContactsResponse,
  ATTACHMENT_MESSAGES,
  broadcast as broadcastSchema,
  broadcastPage,
  CONTACT_MESSAGES,
  contactGroup,
  contactGroupPage,
  groupContact,
  groupContactPage,
  interpolate,
  LIMITS,
  message as messageSchema,
  PUBLIC_API_MESSAGES,
  PUBLICATION_MESSAGES,
  publicDeletedContacts,
  publicUploadedMedia,
  type Broadcast,
  type PublicBroadcastBody,
} from '@sapa/contracts';
import { accounts, broadcasts, contactGroups, groupContacts, mediaFiles, messages } from '../../db/schema';
import { drainJobs, json, useTestApp, type Method } from '../../../test/helpers';
import { multipart, type Part } from '../../../test/uploads';
import { hashApiToken } from '../account/service';
import { publicApiFixture, type ApiNumber, type ApiOwner } from '../../../test/public-api-fixture';

/**
 * The public API's contacts, groups, broadcasts and media (issue 26): each through its module's own
 * operations, scoped to the token's number (broadcasts) or its owner (contacts, groups, files).
 * Broadcast pacing is off (SAPA_BROADCAST_PACING=0): the jobs send at once.
 */
const { t, call } = useTestApp({ dataDir: 'sapa-public-api-', env: { SAPA_BROADCAST_PACING: '0' } });

const { owner, secondNumber, api } = publicApiFixture(t);
type Owner = ApiOwner;

/** POST /api/v1/media with one `file` part. */
function upload(token: string | null, file: Omit<Part, 'name'>, headers: Record<string, string> = {}) {
  const body = multipart([{ name: 'file', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/media',
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'content-type': body.contentType,
      ...headers,
    },
    payload: body.payload,
  });
}

const key = (k: string) => ({ 'idempotency-key': k });
const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures', name));
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** How many rows of one owner a table holds: what a refused request must not have added to. */
const ROWS = {
  contacts: (ownerId: string) =>
    t.ctx.db.select({ id: groupContacts.id }).from(groupContacts).where(eq(groupContacts.ownerId, ownerId)),
  groups: (ownerId: string) =>
    t.ctx.db.select({ id: contactGroups.id }).from(contactGroups).where(eq(contactGroups.ownerId, ownerId)),
  broadcasts: (ownerId: string) =>
    t.ctx.db.select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.ownerId, ownerId)),
  media: (ownerId: string) =>
    t.ctx.db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId)),
};
const rowsOf = async (table: keyof typeof ROWS, ownerId: string) => (await ROWS[table](ownerId)).length;

async function newGroup(token: string, name: string, contacts: { name: string; phoneNumber: string }[] = []) {
  const res = await api('POST', '/groups', token, { name });
  expect(res.statusCode, res.body).toBe(201);
  const group = json(res, contactGroup);
  if (contacts.length) {
    const added = await api('POST', `/groups/${group._id}/contacts`, token, { contacts });
    expect(added.statusCode, added.body).toBe(201);
  }
  return group;
}

let o: Owner;
let second: ApiNumber;
let stranger: Owner;

beforeAll(async () => {
  o = await owner();
  second = await secondNumber(o);
  stranger = await owner();
});

describe('public API: contacts and groups', () => {
  it('creates, lists, reads, changes and deletes groups and contacts with the app’s own rules', async () => {
    const group = await newGroup(o.a.token, 'Pelanggan API');
    expect(group).toMatchObject({ name: 'Pelanggan API', total: 0, columns: [] });
    // the app shows it, and gives it a column (columns are the app's to manage)
    const inApp = await call('POST', `/api/group/${group._id}/column`, o.session, { name: 'Kota' });
    expect(inApp.statusCode, inApp.body).toBe(200);

    const created = await api('POST', '/contacts', o.a.token, {
      groupId: group._id,
      name: 'Budi',
      phoneNumber: '0812 3450 0101',
      values: { kota: 'Bandung' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const budi = json(created, groupContact);
    expect(budi).toMatchObject({
      name: 'Budi',
      phoneNumber: '6281234500101',
      groupId: group._id,
      group: { _id: group._id, name: 'Pelanggan API' },
      values: { Kota: 'Bandung' },
    });

    const added = await api('POST', `/groups/${group._id}/contacts`, o.a.token, {
      contacts: [
        { name: 'Siti', phoneNumber: '6281234500102' },
        { name: 'Agus', phoneNumber: '6281234500103', values: { Kota: 'Medan' } },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(json(added, addContactsResponse)).toMatchObject({
      added: 2,
      updated: 0,
      message: interpolate(CONTACT_MESSAGES.contactsAdded, { count: 2 }),
    });
    const [siti, agus] = json(added, addContactsResponse).docs;

    const listed = async (query: string) =>
      json(await api('GET', `/contacts${query}`, o.a.token), groupContactPage).docs.map((c) => c.name);
    expect(await listed('')).toEqual(['Agus', 'Budi', 'Siti']);
    expect(await listed(`?groupId=${group._id}&q=siti`)).toEqual(['Siti']);
    expect(await listed('?q=0812-3450-0101')).toEqual(['Budi']);
    const page = json(await api('GET', '/contacts?limit=1&page=2', o.a.token), groupContactPage);
    expect(page.docs.map((c) => c.name)).toEqual(['Budi']);
    expect(page.hasNextPage).toBe(true);

    expect(json(await api('GET', `/contacts/${budi._id}`, o.a.token), groupContact)).toEqual(budi);

    // PATCH: the fields sent, values merged by column (any case); null empties a column
    const renamed = json(
      await api('PATCH', `/contacts/${budi._id}`, o.a.token, { name: 'Budi Santoso' }),
      groupContact,
    );
    expect(renamed).toMatchObject({
      name: 'Budi Santoso',
      phoneNumber: '6281234500101',
      values: { Kota: 'Bandung' },
    });
    const emptied = json(
      await api('PATCH', `/contacts/${budi._id}`, o.a.token, { values: { kota: null } }),
      groupContact,
    );
    expect(emptied.values).toEqual({});
    const moved = json(
      await api('PATCH', `/contacts/${budi._id}`, o.a.token, {
        values: { KOTA: 'Surabaya' },
        phoneNumber: '+62 812-3450-0109',
      }),
      groupContact,
    );
    expect(moved).toMatchObject({
      name: 'Budi Santoso',
      phoneNumber: '6281234500109',
      values: { Kota: 'Surabaya' },
    });
    const taken = await api('PATCH', `/contacts/${budi._id}`, o.a.token, { phoneNumber: siti!.phoneNumber });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({
      message: CONTACT_MESSAGES.phoneTaken,
      fields: { phoneNumber: CONTACT_MESSAGES.phoneTaken },
    });

    const groups = json(await api('GET', '/groups?q=pelanggan', o.a.token), contactGroupPage);
    expect(groups.docs).toEqual([expect.objectContaining({ _id: group._id, total: 3, columns: ['Kota'] })]);
    expect(json(await api('GET', `/groups/${group._id}`, o.a.token), contactGroup).total).toBe(3);

    const removed = await api('DELETE', `/groups/${group._id}/contacts/${siti!._id}`, o.a.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed, publicDeletedContacts)).toEqual({
      message: interpolate(CONTACT_MESSAGES.contactsDeleted, { count: 1 }),
      deleted: 1,
    });
    const again = await api('DELETE', `/groups/${group._id}/contacts/${siti!._id}`, o.a.token);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(CONTACT_MESSAGES.contactNotFound);

    expect((await api('DELETE', `/contacts/${agus!._id}`, o.a.token)).statusCode).toBe(200);
    expect((await api('GET', `/contacts/${agus!._id}`, o.a.token)).statusCode).toBe(404);

    const gone = await api('DELETE', `/groups/${group._id}`, o.a.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(json(gone).message).toBe(CONTACT_MESSAGES.groupDeleted);
    expect((await api('GET', `/groups/${group._id}`, o.a.token)).statusCode).toBe(404);
    // its contacts went with it
    expect((await api('GET', `/contacts/${budi._id}`, o.a.token)).statusCode).toBe(404);
  });

  it("are the owner's: the owner's other number sees them; another tenant's token gets 404 and changes nothing", async () => {
    const group = await newGroup(o.a.token, 'Grup Rahasia', [
      { name: 'Rahasia', phoneNumber: '6281234500201' },
    ]);
    const [contact] = json(
      await api('GET', `/contacts?groupId=${group._id}`, o.a.token),
      groupContactPage,
    ).docs;
    expect(contact).toBeTruthy();

    // contacts are owner-wide: the owner's second number reads the same contact
    expect(json(await api('GET', `/contacts/${contact!._id}`, second.token), groupContact)).toEqual(contact);

    const theirs = await newGroup(stranger.a.token, 'Grup Tenant Lain');
    const refused: [Method, string, object?][] = [
      ['GET', `/contacts/${contact!._id}`],
      ['PATCH', `/contacts/${contact!._id}`, { name: 'Diubah Penyusup' }],
      ['DELETE', `/contacts/${contact!._id}`],
      ['GET', `/contacts?groupId=${group._id}`],
      ['POST', '/contacts', { groupId: group._id, name: 'Penyusup', phoneNumber: '6281234500299' }],
      ['GET', `/groups/${group._id}`],
      ['DELETE', `/groups/${group._id}`],
      [
        'POST',
        `/groups/${group._id}/contacts`,
        { contacts: [{ name: 'Penyusup', phoneNumber: '6281234500299' }] },
      ],
      ['DELETE', `/groups/${group._id}/contacts/${contact!._id}`],
      // their own group, our contact
      ['DELETE', `/groups/${theirs._id}/contacts/${contact!._id}`],
    ];
    for (const [method, url, body] of refused) {
      const res = await api(method, url, stranger.a.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Rahasia');
    }
    const strangers = json(await api('GET', '/contacts?limit=100', stranger.a.token), groupContactPage);
    expect(strangers.docs.map((c) => c._id)).not.toContain(contact!._id);
    const strangerGroups = json(await api('GET', '/groups?limit=100', stranger.a.token), contactGroupPage);
    expect(strangerGroups.docs.map((g) => g._id)).toEqual([theirs._id]);

    expect(json(await api('GET', `/contacts/${contact!._id}`, o.a.token), groupContact)).toEqual(contact);
    expect(json(await api('GET', `/groups/${group._id}`, o.a.token), contactGroup).total).toBe(1);
  });

  it('refuses invalid bodies with 400 and each field, writing nothing', async () => {
    const group = await newGroup(o.a.token, 'Grup Validasi');
    const contacts = await rowsOf('contacts', o.ownerId);
    const groups = await rowsOf('groups', o.ownerId);

    const bad = await api('POST', '/contacts', o.a.token, {
      groupId: group._id,
      name: ' ',
      phoneNumber: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      code: 'VALIDATION',
      fields: { name: CONTACT_MESSAGES.contactNameInvalid, phoneNumber: CONTACT_MESSAGES.phoneInvalid },
    });
    const noGroup = await api('POST', '/contacts', o.a.token, { name: 'Budi', phoneNumber: '6281234500301' });
    expect(noGroup.statusCode).toBe(400);
    expect(json(noGroup)).toMatchObject({
      message: PUBLIC_API_MESSAGES.groupRequired,
      fields: { groupId: PUBLIC_API_MESSAGES.groupRequired },
    });
    // a column the group does not have: told about `values`, as the app's form is
    const unknown = interpolate(CONTACT_MESSAGES.unknownColumn, { name: 'Hobi' });
    const column = await api('POST', '/contacts', o.a.token, {
      groupId: group._id,
      name: 'Budi',
      phoneNumber: '6281234500301',
      values: { Hobi: 'Catur' },
    });
    expect(column.statusCode).toBe(400);
    expect(json(column)).toMatchObject({ message: unknown, fields: { values: unknown } });

    const noName = await api('POST', '/groups', o.a.token, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).fields).toEqual({ name: CONTACT_MESSAGES.groupNameInvalid });
    const none = await api('POST', `/groups/${group._id}/contacts`, o.a.token, { contacts: [] });
    expect(none.statusCode).toBe(400);
    expect(json(none).fields).toEqual({ contacts: CONTACT_MESSAGES.contactsRequired });
    const duplicate = await api('POST', '/groups', o.a.token, { name: 'grup validasi' });
    expect(duplicate.statusCode).toBe(409);
    expect(json(duplicate).message).toBe(CONTACT_MESSAGES.groupNameTaken);

    const seeded = json(
      await api('POST', '/contacts', o.a.token, {
        groupId: group._id,
        name: 'Ada',
        phoneNumber: '6281234500302',
      }),
      groupContact,
    );
    const patched = await api('PATCH', `/contacts/${seeded._id}`, o.a.token, { phoneNumber: 'bukan nomor' });
    expect(patched.statusCode).toBe(400);
    expect(json(patched).fields).toEqual({ phoneNumber: CONTACT_MESSAGES.phoneInvalid });
    const notAColumn = await api('PATCH', `/contacts/${seeded._id}`, o.a.token, { values: { Hobi: 'x' } });
    expect(notAColumn.statusCode).toBe(400);
    expect(json(notAColumn).fields).toEqual({ values: unknown });
    expect((await api('GET', '/contacts?limit=500', o.a.token)).statusCode).toBe(400);

    expect(json(await api('GET', `/contacts/${seeded._id}`, o.a.token), groupContact)).toEqual(seeded);
    expect(await rowsOf('contacts', o.ownerId)).toBe(contacts + 1);
    expect(await rowsOf('groups', o.ownerId)).toBe(groups);
  });
});

describe('public API: broadcasts', () => {
  const start = (token: string, body: PublicBroadcastBody, headers: Record<string, string> = {}) =>
    api('POST', '/broadcasts', token, body, headers);
  const read = async (token: string, id: string) =>
    json(await api('GET', `/broadcasts/${id}`, token), broadcastSchema);
  const later = () => new Date(t.clock.now().getTime() + 3_600_000).toISOString();

  it('starts one from the number to a group and a list of numbers, and reports its state and counts', async () => {
    const group = await newGroup(o.a.token, 'Penerima Broadcast', [
      { name: 'Budi', phoneNumber: '6281311110001' },
      { name: 'Siti', phoneNumber: '6281311110002' },
    ]);
    const res = await start(o.a.token, {
      name: 'Promo API',
      groupIds: [group._id],
      // Budi again (as people type him), and one number only listed
      phoneNumbers: ['0813 1111 0001', '+62 813-1111-0004'],
      message: { type: 'text', text: 'Halo {{nama}}, ada promo untuk Anda.' },
      fallbacks: { nama: 'Kak' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res, broadcastSchema);
    expect(created).toMatchObject({
      name: 'Promo API',
      state: 'running',
      senders: [{ _id: o.a.accountId }],
      groups: [{ _id: group._id, name: 'Penerima Broadcast' }],
      counts: { total: 3, pending: 3, sent: 0 },
    });

    await drainJobs(t);
    t.clock.advance(1000);
    await drainJobs(t);
    const done = await read(o.a.token, created._id);
    expect(done.state).toBe('finish');
    expect(done.counts).toMatchObject({ total: 3, pending: 0, sent: 3, failed: 0 });
    const texts = await t.ctx.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.accountId, o.a.accountId));
    expect(texts.map((m) => m.text)).toEqual(
      expect.arrayContaining(['Halo Budi, ada promo untuk Anda.', 'Halo Kak, ada promo untuk Anda.']),
    );

    // the app shows the same broadcast; the list of the number holds it
    const inApp = await call('GET', `/api/publication/broadcast/${created._id}`, o.session);
    expect(json(inApp, broadcastSchema).counts.sent).toBe(3);
    const listed = json(await api('GET', '/broadcasts?q=promo', o.a.token), broadcastPage);
    expect(listed.docs.map((b) => b._id)).toEqual([created._id]);
    expect(json(await api('GET', '/broadcasts?state=running', o.a.token), broadcastPage).docs).toEqual([]);
  });

  it('pauses, resumes and stops a scheduled one; a repeat with the key answers the first answer', async () => {
    const created = json(
      await start(o.a.token, {
        name: 'Terjadwal API',
        phoneNumbers: ['6281311110010'],
        message: { type: 'text', text: 'Nanti' },
        scheduledAt: later(),
      }),
      broadcastSchema,
    );
    expect(created.state).toBe('scheduled');
    const act = (action: string, headers: Record<string, string> = {}) =>
      api('POST', `/broadcasts/${created._id}/${action}`, o.a.token, undefined, headers);
    expect(json(await act('pause'), broadcastSchema).state).toBe('paused');
    const notPaused = await act('pause');
    expect(notPaused.statusCode).toBe(409);
    expect(json(notPaused).message).toBe(PUBLICATION_MESSAGES.notPausable);
    expect(json(await act('resume'), broadcastSchema).state).toBe('scheduled');
    const stopped = await act('stop', key('henti-1'));
    expect(json(stopped, broadcastSchema)).toMatchObject({
      state: 'finish',
      counts: { skipped: 1, pending: 0 },
    });
    const repeat = await act('stop', key('henti-1'));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(stopped.json());
    expect((await act('stop')).statusCode).toBe(409);
  });

  it("cannot read or change another number's broadcast (same owner, several numbers, or another tenant): 404", async () => {
    const body = (name: string): PublicBroadcastBody => ({
      name,
      phoneNumbers: ['6281311110020'],
      message: { type: 'text', text: 'Rahasia nomor lain' },
      scheduledAt: later(),
    });
    const ofB = json(await start(second.token, body('Broadcast nomor B')), broadcastSchema);
    expect(ofB.senders).toEqual([expect.objectContaining({ _id: second.accountId })]);
    const ofStranger = json(await start(stranger.a.token, body('Broadcast tenant lain')), broadcastSchema);
    // made in the app from both numbers of the owner: neither number's alone
    const shared = await call('POST', '/api/publication/broadcast', o.session, {
      ...body('Broadcast dua nomor'),
      accountIds: [o.a.accountId, second.accountId],
      phoneNumbers: '6281311110021',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const ofBoth = json(shared, broadcastSchema);

    const cases: [string, string][] = [
      [ofB._id, o.a.token],
      [ofStranger._id, o.a.token],
      [ofBoth._id, o.a.token],
      [ofBoth._id, second.token],
      [ofB._id, stranger.a.token],
      ['tidak-ada', o.a.token],
    ];
    for (const [id, token] of cases) {
      for (const [method, url] of [
        ['GET', `/broadcasts/${id}`],
        ['POST', `/broadcasts/${id}/pause`],
        ['POST', `/broadcasts/${id}/stop`],
      ] as const) {
        const res = await api(method, url, token);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(json(res).message).toBe(PUBLICATION_MESSAGES.notFound);
        expect(res.body).not.toContain('Rahasia');
      }
    }
    const mine = json(await api('GET', '/broadcasts?limit=100', o.a.token), broadcastPage).docs;
    const ids = (docs: Broadcast[]) => docs.map((b) => b._id);
    expect(ids(mine)).not.toContain(ofB._id);
    expect(ids(mine)).not.toContain(ofBoth._id);
    expect(ids(mine)).not.toContain(ofStranger._id);
    expect(ids(json(await api('GET', '/broadcasts', second.token), broadcastPage).docs)).toEqual([ofB._id]);
    // none of them changed
    expect((await read(second.token, ofB._id)).state).toBe('scheduled');
    expect((await read(stranger.a.token, ofStranger._id)).state).toBe('scheduled');
    expect(
      json(await call('GET', `/api/publication/broadcast/${ofBoth._id}`, o.session), broadcastSchema).state,
    ).toBe('scheduled');
  });

  it('refuses what the app refuses (a Cloud API number, a group not the owner’s, bad numbers), writing nothing', async () => {
    const before = await rowsOf('broadcasts', o.ownerId);
    const theirGroup = await newGroup(stranger.a.token, 'Grup Asing', [
      { name: 'Asing', phoneNumber: '6281311110030' },
    ]);
    const message = { type: 'text' as const, text: 'Halo' };

    const foreign = await start(o.a.token, { name: 'Curi grup', groupIds: [theirGroup._id], message });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toMatchObject({ message: PUBLICATION_MESSAGES.groupNotFound });

    const numbers = await start(o.a.token, {
      name: 'Nomor salah',
      phoneNumbers: ['6281311110031', '12'],
      message,
    });
    expect(numbers.statusCode).toBe(400);
    expect(json(numbers).fields).toEqual({ 'phoneNumbers.1': CONTACT_MESSAGES.phoneInvalid });

    const nobody = await start(o.a.token, { name: 'Tanpa penerima', message });
    expect(nobody.statusCode).toBe(400);
    expect(json(nobody).fields).toEqual({ groupIds: PUBLICATION_MESSAGES.recipientsRequired });

    const unnamed = await start(o.a.token, {
      name: '',
      phoneNumbers: ['6281311110031'],
      // a broadcast sends anything but a sticker, as in the app
      message: { type: 'sticker', text: '', sticker: { url: '/x' } },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(Object.keys(json(unnamed).fields ?? {})).toEqual(expect.arrayContaining(['name', 'message.type']));

    const variable = await start(o.a.token, {
      name: 'Variabel',
      phoneNumbers: ['6281311110031'],
      message: { type: 'text', text: 'Halo {{hobi}}' },
    });
    expect(variable.statusCode).toBe(400);
    expect(json(variable).message).toBe(PUBLICATION_MESSAGES.variableUnknown.replace('{name}', 'hobi'));

    // a WhatsApp Cloud API number sends no broadcast (issue 25): the app's refusal, naming no field
    await t.ctx.db.insert(accounts).values({
      ownerId: o.ownerId,
      type: 'whatsapp',
      provider: 'whatsapp-cloud',
      labelName: 'Cloud',
      apiTokenHash: hashApiToken('sapa_token-cloud-broadcast'),
    });
    const cloud = await start('sapa_token-cloud-broadcast', {
      name: 'Dari Cloud',
      phoneNumbers: ['6281311110031'],
      message,
    });
    expect(cloud.statusCode).toBe(400);
    expect(json(cloud)).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: PUBLICATION_MESSAGES.senderCloud,
    });

    expect(await rowsOf('broadcasts', o.ownerId)).toBe(before);
  });
});

describe('public API: media', () => {
  it('uploads files under the app’s limits, and every message type can be sent with them', async () => {
    const to = '6281234500401';
    const send = async (body: object) => {
      const res = await api('POST', '/messages', o.a.token, { to, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return json(res, messageSchema);
    };
    const stored = async (file: Omit<Part, 'name'>) => {
      const res = await upload(o.a.token, file);
      expect(res.statusCode, res.body).toBe(201);
      return json(res, publicUploadedMedia);
    };

    const image = await stored({ filename: 'foto.png', type: 'image/png', data: await png() });
    expect(image).toMatchObject({ name: 'foto.png', mimetype: 'image/png' });
    expect(image.url).toMatch(/^\/api\/media\/.+\.png$/);
    expect(image.thumbnail).toMatch(/^data:image\/jpeg/);
    const video = await stored({ filename: 'klip.mp4', type: 'video/mp4', data: fixture('video.mp4') });
    const audio = await stored({ filename: 'lagu.ogg', type: 'audio/ogg', data: fixture('audio.ogg') });
    expect(audio).toMatchObject({ mimetype: 'audio/ogg', duration: 3 });
    const pdf = await stored({
      filename: 'katalog.pdf',
      type: 'application/pdf',
      data: '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
    });
    const sticker = await stored({
      filename: 'stiker.webp',
      type: 'image/webp',
      data: await sharp(await png())
        .resize(512, 512)
        .webp()
        .toBuffer(),
    });

    const sent = [
      await send({ type: 'image', text: 'Foto produk', image: { url: image.url } }),
      await send({ type: 'video', text: '', video: { url: video.url } }),
      await send({ type: 'audio', text: '', audio: { url: audio.url } }),
      await send({ type: 'document', text: '', document: { url: pdf.url } }),
      await send({ type: 'sticker', text: '', sticker: { url: sticker.url } }),
      await send({ type: 'contact', text: '', contact: { name: 'Kantor', phoneNumber: '81234500499' } }),
      await send({
        type: 'location',
        location: { latitude: -6.2, longitude: 106.8, name: 'Kantor', address: 'Jl. Sudirman 1' },
      }),
      await send({ text: 'Teks biasa' }),
    ];
    expect(sent.map((m) => m.type)).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'sticker',
      'contact',
      'location',
      'text',
    ]);
    expect(sent[0]!.image?.url).toBe(image.url);
    expect(sent[3]!.document).toMatchObject({ url: pdf.url, name: 'katalog.pdf' });
    await drainJobs(t);
  });

  it("refuses what the app's upload refuses, and keeps each owner's files its own", async () => {
    const before = await rowsOf('media', o.ownerId);
    const mismatch = await upload(o.a.token, {
      filename: 'foto.png',
      type: 'image/png',
      data: '<!doctype html><html><body><script>alert(1)</script></body></html>',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).message).toBe(interpolate(ATTACHMENT_MESSAGES.fileMismatch, { type: 'image/png' }));
    const tooLarge = await upload(o.a.token, {
      filename: 'arsip.bin',
      type: 'application/octet-stream',
      data: Buffer.alloc(LIMITS.maxAttachmentBytes + 1),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(json(tooLarge).message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    const notMultipart = await api('POST', '/media', o.a.token, { file: 'bukan berkas' });
    expect(notMultipart.statusCode).toBe(400);
    expect(json(notMultipart).message).toBe(ATTACHMENT_MESSAGES.fileRequired);
    const anonymous = await upload(null, { filename: 'foto.png', type: 'image/png', data: await png() });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowsOf('media', o.ownerId)).toBe(before);

    // the owner's file is the owner's: another tenant's token cannot send it
    const mine = json(
      await upload(o.a.token, { filename: 'milik.png', type: 'image/png', data: await png() }),
      publicUploadedMedia,
    );
    const row = await t.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, mine.url.split('/').pop()!));
    expect(row.map((r) => r.ownerId)).toEqual([o.ownerId]);
    const sentBefore = (await t.ctx.db.select().from(messages)).length;
    const stolen = await api('POST', '/messages', stranger.a.token, {
      to: '6281234500402',
      type: 'image',
      text: '',
      image: { url: mine.url },
    });
    expect(stolen.statusCode).toBe(400);
    expect(json(stolen).message).toBe(ATTACHMENT_MESSAGES.fileMissing);
    expect((await t.ctx.db.select().from(messages)).length).toBe(sentBefore);
    // the owner's other number may send it
    const fromSecond = await api('POST', '/messages', second.token, {
      to: '6281234500402',
      type: 'image',
      text: '',
      image: { url: mine.url },
    });
    expect(fromSecond.statusCode, fromSecond.body).toBe(201);
  });

  it('stores an upload once under an Idempotency-Key; another file with the key is 409', async () => {
    const count = () => rowsOf('media', o.ownerId);
    const before = await count();
    const file = { filename: 'sekali.png', type: 'image/png', data: await png() };
    const first = await upload(o.a.token, file, key('unggah-1'));
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await upload(o.a.token, file, key('unggah-1'));
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);

    const other = await upload(
      o.a.token,
      { ...file, data: fixture('audio.ogg'), type: 'audio/ogg' },
      key('unggah-1'),
    );
    expect(other.statusCode).toBe(409);
    expect(json(other).message).toBe(PUBLIC_API_MESSAGES.idempotencyKeyReused);
    const renamed = await upload(o.a.token, { ...file, filename: 'lain.png' }, key('unggah-1'));
    expect(renamed.statusCode).toBe(409);
    expect(await count()).toBe(before + 1);
  });
});

describe('public API: Idempotency-Key on the new POSTs', () => {
  it('adds a contact, a group and a broadcast once for a repeated request; another body with the key is 409', async () => {
    const group = await newGroup(o.a.token, 'Grup Idempoten');
    const contacts = await rowsOf('contacts', o.ownerId);
    const body = { groupId: group._id, name: 'Sekali', phoneNumber: '6281234500501' };
    const first = await api('POST', '/contacts', o.a.token, body, key('kontak-1'));
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await api('POST', '/contacts', o.a.token, { ...body }, key('kontak-1'));
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    const changed = await api('POST', '/contacts', o.a.token, { ...body, name: 'Lain' }, key('kontak-1'));
    expect(changed.statusCode).toBe(409);
    expect(await rowsOf('contacts', o.ownerId)).toBe(contacts + 1);
    expect(
      json(await api('GET', `/contacts/${json(first, groupContact)._id}`, o.a.token), groupContact).name,
    ).toBe('Sekali');

    const groups = await rowsOf('groups', o.ownerId);
    const made = await api('POST', '/groups', o.a.token, { name: 'Grup Sekali' }, key('grup-1'));
    const madeAgain = await api('POST', '/groups', o.a.token, { name: 'Grup Sekali' }, key('grup-1'));
    expect([made.statusCode, madeAgain.statusCode]).toEqual([201, 201]);
    expect(madeAgain.json()).toEqual(made.json());
    expect(await rowsOf('groups', o.ownerId)).toBe(groups + 1);

    const broadcastsBefore = await rowsOf('broadcasts', o.ownerId);
    const once = {
      name: 'Broadcast Sekali',
      phoneNumbers: ['6281234500502'],
      message: { type: 'text', text: 'Sekali' },
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/broadcasts', o.a.token, once, key('broadcast-1'))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await rowsOf('broadcasts', o.ownerId)).toBe(broadcastsBefore + 1);
    await drainJobs(t);
  });
});

describe('public API: the document of the new operations', () => {
  it('titles every operation: an Indonesian summary, a description, a unique camelCase operationId and one tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = res.json() as {
      paths: Record<
        string,
        Record<string, { summary?: string; description?: string; operationId?: string; tags?: string[] }>
      >;
      tags: { name: string }[];
    };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const label = `${method} ${path}`;
        expect(operation.summary, label).toMatch(/^[A-Z][^.]{2,40}$/);
        expect(operation.description?.length, label).toBeGreaterThan(30);
        expect(operation.operationId, label).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.tags, label).toHaveLength(1);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'sendMessage',
      'uploadMedia',
      'listContacts',
      'createContact',
      'getContact',
      'updateContact',
      'deleteContact',
      'listGroups',
      'createGroup',
      'getGroup',
      'deleteGroup',
      'addGroupContacts',
      'removeGroupContact',
      'createBroadcast',
      'getBroadcast',
      'listBroadcasts',
    ])
      expect(ids, id).toContain(id);
    expect(document.paths['/api/v1/messages']?.post?.summary).toBe('Kirim pesan');
    expect(document.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Pesan', 'Media', 'Kontak', 'Grup kontak', 'Broadcast']),
    );
    expect(document.paths['/api/v1/contacts']?.get?.description).toMatch(/pemilik/);
  });
});
