import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ChatContact } from '@sapa/contracts';
import { accounts, chats } from '../../db/schema';
import {
  agentFor,
  customerSays,
  json,
  ownerWithSandbox,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';
import { EXPORT_BATCH } from '../group/export';

const { t, get } = useTestApp();

type Res = Awaited<ReturnType<typeof t.app.inject>>;
type Page = { docs: ChatContact[]; hasNextPage: boolean };

const list = async (token: string, query = '') => {
  const res = await get(`/api/contact/chat${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.chatContactPage);
};
const exportXlsx = (token: string, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/contact/chat/export${query}`, headers: { token } });
const names = (page: Page) => page.docs.map((d) => d.name);

async function readXlsx(res: Res): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: width }, (_, i) => values[i] ?? null));
  });
  return rows;
}

/** A signed-in owner, their tenant id and an Instagram account named 'Toko IG'. */
async function owner() {
  const { token } = await registerOwner(t.app);
  const me = json(await get('/api/user', token), api.userProfile);
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({ ownerId: me._id, type: 'instagram', provider: 'sandbox', labelName: 'Toko IG' })
    .returning();
  return { token, ownerId: me._id, accountId: account!.id };
}

let serial = 0;
/** A chat written straight to the table. */
async function chatOf(
  o: { ownerId: string; accountId: string },
  fields: { name: string; phone?: string; at?: string | null; wrote?: boolean; labelIds?: string[] },
) {
  serial += 1;
  const at = fields.at === undefined ? '2026-03-01T10:00:00.000Z' : fields.at;
  const [row] = await t.ctx.db
    .insert(chats)
    .values({
      ownerId: o.ownerId,
      accountId: o.accountId,
      externalId: `ext-${serial}`,
      contactName: fields.name,
      contactPhone: fields.phone ?? '',
      lastMessageAt: at ? new Date(at) : null,
      fromSenderAt: fields.wrote === false ? null : new Date(at ?? '2026-03-01T09:00:00.000Z'),
      labelIds: fields.labelIds ?? [],
    })
    .returning();
  return row!.id;
}

const createLabel = async (token: string, name: string, color: string) =>
  json(
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/label',
      headers: { token },
      payload: { name, color },
    }),
    api.label,
  );

describe('conversation contacts', () => {
  it('lists one contact per chat the customer wrote in, newest first, with account and labels', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const account = json(await get('/api/account', token), api.accountPage).docs.find(
      (a) => a._id === accountId,
    )!;
    expect(await list(token)).toEqual({ docs: [], hasNextPage: false });

    const { chatId: budi } = await customerSays(t.app, accountId, 'Halo', '6281234567890', 'Budi');
    t.clock.advance(60_000);
    const { chatId: sari } = await customerSays(t.app, accountId, 'Permisi', '6281311112222', 'Sari');
    // the owner starts a chat the customer never answers: not a contact yet
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chat/new',
      headers: { token },
      payload: { accountId, phoneNumber: '6285700000000', text: 'Halo, ada promo' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);

    const vip = await createLabel(token, 'VIP', '#1d4ed8');
    const baru = await createLabel(token, 'Baru', '#b91c1c');
    await t.ctx.db
      .update(chats)
      .set({ labelIds: [baru._id, 'label-terhapus', vip._id] })
      .where(eq(chats.id, budi));

    const page = await list(token);
    expect(page).toEqual({
      docs: [
        {
          chatId: sari,
          name: 'Sari',
          phoneNumber: '6281311112222',
          account: { _id: accountId, type: 'whatsapp', name: account.label.name },
          labels: [],
          lastMessageAt: t.clock.now().toISOString(),
        },
        {
          chatId: budi,
          name: 'Budi',
          phoneNumber: '6281234567890',
          account: { _id: accountId, type: 'whatsapp', name: account.label.name },
          labels: [
            { _id: baru._id, name: 'Baru', color: '#b91c1c' },
            { _id: vip._id, name: 'VIP', color: '#1d4ed8' },
          ],
          lastMessageAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        },
      ],
      hasNextPage: false,
    });
    expect(await list(token, '?limit=1')).toEqual({ docs: [page.docs[0]], hasNextPage: true });
    expect(await list(token, '?limit=1&page=2')).toEqual({ docs: [page.docs[1]], hasNextPage: false });
    expect((await get('/api/contact/chat?limit=201', token)).statusCode).toBe(400);
  });

  it('searches by name and number as the chat list does', async () => {
    const o = await owner();
    await chatOf(o, { name: 'Budi Santoso', phone: '6281234567890', at: '2026-03-01T10:00:00.000Z' });
    await chatOf(o, { name: 'Sari', phone: '6285611112222', at: '2026-03-01T11:00:00.000Z' });
    await chatOf(o, { name: 'ani_50%', phone: '6287700001111', at: '2026-03-01T12:00:00.000Z' });
    await chatOf(o, { name: 'Budi Diam', phone: '6281200000000', wrote: false });

    expect(names(await list(o.token))).toEqual(['ani_50%', 'Sari', 'Budi Santoso']);
    expect(names(await list(o.token, '?search=budi'))).toEqual(['Budi Santoso']);
    expect(names(await list(o.token, '?search=SARI'))).toEqual(['Sari']);
    expect(names(await list(o.token, '?search=_50%25'))).toEqual(['ani_50%']);
    expect(names(await list(o.token, '?search=11112'))).toEqual(['Sari']);
    expect(names(await list(o.token, '?search=0812-3456'))).toEqual(['Budi Santoso']);
    expect(names(await list(o.token, `?search=${encodeURIComponent('+62 877 0000')}`))).toEqual(['ani_50%']);
    expect(await list(o.token, '?search=tidak-ada')).toEqual({ docs: [], hasNextPage: false });
  });

  it('exports the contacts as .xlsx, searched or not', async () => {
    const o = await owner();
    const vip = await createLabel(o.token, 'VIP', '#1d4ed8');
    const baru = await createLabel(o.token, 'Baru', '#b91c1c');
    await chatOf(o, {
      name: 'Budi',
      phone: '6281234567890',
      at: '2026-03-01T10:00:00.000Z',
      labelIds: [vip._id, baru._id],
    });
    await chatOf(o, { name: 'Sari', phone: '6285611112222', at: '2026-03-01T20:30:00.000Z' });
    await chatOf(o, { name: 'Diam', phone: '6285600000000', wrote: false });

    const res = await exportXlsx(o.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Kontak Percakapan.xlsx"; filename*=UTF-8''Kontak%20Percakapan.xlsx`,
    );
    // the dates are WIB wall-clock times
    expect(await readXlsx(res)).toEqual([
      ['Nama', 'Nomor Telepon', 'Akun', 'Kanal', 'Label', 'Pesan Terakhir'],
      ['Sari', '6285611112222', 'Toko IG', 'Instagram', null, new Date('2026-03-02T03:30:00.000Z')],
      ['Budi', '6281234567890', 'Toko IG', 'Instagram', 'VIP, Baru', new Date('2026-03-01T17:00:00.000Z')],
    ]);
    const searched = await readXlsx(await exportXlsx(o.token, '?search=budi'));
    expect(searched.map((r) => r[0])).toEqual(['Nama', 'Budi']);
  });

  it('exports more contacts than one batch in list order, ties and chats without a time included', async () => {
    const o = await owner();
    const count = EXPORT_BATCH + 150;
    // every 3 chats share a time; the last 10 have none
    await t.ctx.db.execute(sql`
      insert into ${chats} (id, owner_id, account_id, external_id, contact_name, contact_phone,
        last_message_at, from_sender_at)
      select gen_random_uuid()::text, ${o.ownerId}, ${o.accountId}, 'bulk-' || i, 'Kontak ' || i,
        (6281000000000 + i)::text,
        case when i > ${count - 10} then null
          else timestamptz '2026-03-01 00:00:00.123456+00' + ((i / 3) || ' seconds')::interval end,
        timestamptz '2026-03-01 00:00:00+00'
      from generate_series(1, ${count}) as i`);
    const expected = await t.ctx.db
      .select({ name: chats.contactName })
      .from(chats)
      .where(eq(chats.ownerId, o.ownerId))
      .orderBy(sql`${chats.lastMessageAt} desc nulls last`, sql`${chats.id} desc`);
    const rows = await readXlsx(await exportXlsx(o.token));
    expect(rows).toHaveLength(count + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((e) => e.name));
    expect(rows.at(-1)![5]).toBeNull();
    // the list agrees
    const first = await list(o.token, '?limit=200');
    expect(names(first)).toEqual(expected.slice(0, 200).map((e) => e.name));
  });

  it('lets agents read and export; others see nothing of the tenant', async () => {
    const o = await owner();
    await chatOf(o, { name: 'Budi', phone: '6281234567890' });
    const agent = await agentFor(t, o.token, 'Agen Kontak');
    const mine = await list(o.token);
    expect(mine.docs).toHaveLength(1);
    expect(await list(agent.token)).toEqual(mine);
    const exported = await exportXlsx(agent.token);
    expect(exported.statusCode).toBe(200);
    expect((await readXlsx(exported)).map((r) => r[0])).toEqual(['Nama', 'Budi']);

    const other = await owner();
    const otherAgent = await agentFor(t, other.token, 'Agen Lain');
    for (const token of [other.token, otherAgent.token]) {
      expect(await list(token)).toEqual({ docs: [], hasNextPage: false });
      expect(await list(token, '?search=budi')).toEqual({ docs: [], hasNextPage: false });
      expect(await readXlsx(await exportXlsx(token))).toEqual([
        ['Nama', 'Nomor Telepon', 'Akun', 'Kanal', 'Label', 'Pesan Terakhir'],
      ]);
    }

    expect((await t.app.inject({ method: 'GET', url: '/api/contact/chat' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/contact/chat/export' })).statusCode).toBe(401);
  });
});
