import * as api from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatListQuery } from '@sapa/contracts';
import { json, registerOwner, useTestApp } from '../../../test/helpers';
import { accounts } from '../../db/schema';
import { listChats, WALK_CHATS } from './list';

/** Inbox searches the in-process index does not take (non-ASCII, emoji): same answers on both databases. */
const { t, get } = useTestApp();
const CHATS = 2 * WALK_CHATS + 500;
let token: string;
let ownerId: string;

/** Chat `w<g>`: the g-th newest; the last 20 have no message at all (listed last). */
const chatId = (g: number) => `w${g}`;

beforeAll(async () => {
  token = (await registerOwner(t.app)).token;
  ownerId = json(await get('/api/user', token), api.userProfile)._id;
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({ ownerId, type: 'whatsapp', provider: 'sandbox', labelName: 'Toko' })
    .returning();
  const accountId = account!.id;
  await t.ctx.db
    .execute(sql`insert into chats (id, owner_id, account_id, external_id, contact_name, contact_phone,
      last_message_at, unread_count)
    select 'w' || g, ${ownerId}, ${accountId}, '62811' || lpad(g::text, 7, '0'),
      case when g = 900 then 'josé' when g = ${CHATS - 10} then 'café bu ani' else 'pelanggan ' || g end,
      '62811' || lpad(g::text, 7, '0'),
      case when g <= ${CHATS - 20} then timestamptz '2026-03-01 12:00:00+07' - g * interval '1 minute' end,
      case when g = 1700 then 2 else 0 end
    from generate_series(1, ${CHATS}) g`);
  const say = (g: number, text: string) =>
    t.ctx.db
      .execute(sql`insert into messages (id, owner_id, chat_id, account_id, external_id, text, is_from_me, status)
      values (${`m${g}-${text.length}`}, ${ownerId}, ${chatId(g)}, ${accountId}, ${`x${g}-${text.length}`}, ${text}, false, 'read')`);
  for (let g = 1; g <= CHATS - 20; g += 97) await say(g, 'halo kak, masih ada?');
  await say(3, 'terima kasih, café-nya enak');
  await say(1700, 'café susu dua ya');
  await say(2000, '👍 siap kak');
});

const search = async (query: string) => {
  const res = await get(`/api/chat?${query}`, token);
  expect(res.statusCode).toBe(200);
  const page = json(res, api.chatPage);
  return { ids: page.docs.map((c) => c._id), hasNextPage: page.hasNextPage };
};
const q = (search: string, extra = '') => `search=${encodeURIComponent(search)}${extra}`;

describe('a search the index does not take', () => {
  it('finds messages and contacts anywhere in the inbox, in list order, chats without messages last', async () => {
    expect(await search(q('café'))).toEqual({
      ids: [chatId(3), chatId(1700), chatId(CHATS - 10)],
      hasNextPage: false,
    });
    expect(await search(q('é'))).toEqual({
      ids: [chatId(3), chatId(900), chatId(1700), chatId(CHATS - 10)],
      hasNextPage: false,
    });
    expect(await search(q('👍'))).toEqual({ ids: [chatId(2000)], hasNextPage: false });
    expect(await search(q('café susu'))).toEqual({ ids: [chatId(1700)], hasNextPage: false });
    expect(await search(q('😶'))).toEqual({ ids: [], hasNextPage: false });
  });

  it('pages and filters like any list', async () => {
    expect(await search(q('é', '&limit=2'))).toEqual({ ids: [chatId(3), chatId(900)], hasNextPage: true });
    expect(await search(q('é', '&limit=2&page=2'))).toEqual({
      ids: [chatId(1700), chatId(CHATS - 10)],
      hasNextPage: false,
    });
    expect(await search(q('é', '&status=unread'))).toEqual({ ids: [chatId(1700)], hasNextPage: false });
  });

  // The embedded database has one connection, and statement_timeout does nothing in PGlite: the
  // search must leave room for other statements instead of holding the database until it is done.
  it.runIf(!process.env.DATABASE_URL)('lets other statements run while it walks the inbox', async () => {
    const done: string[] = [];
    const running = listChats(t.ctx, { ownerId, agentId: null }, chatListQuery.parse({ search: '😶' })).then(
      () => done.push('search'),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await t.ctx.db.execute(sql`select 1`);
    done.push('other');
    await running;
    expect(done).toEqual(['other', 'search']);
  });
});
