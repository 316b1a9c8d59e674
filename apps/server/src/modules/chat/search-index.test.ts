import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { indexable, SearchIndexes, TenantSearchIndex, type IndexRow } from './search-index';
import { fill, random, tenant } from './search-fixture';

const { t } = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search index', () => {
  it('takes printable ASCII searches with a word of three characters or more', () => {
    expect(indexable('batik')).toBe(true);
    expect(indexable('ok kak')).toBe(true);
    expect(indexable('ok')).toBe(false);
    expect(indexable('kopi\u00a0susu')).toBe(false);
    expect(indexable('café')).toBe(false);
  });

  it('keeps an index only within its memory budget', async () => {
    const tn = await tenant(t);
    await fill(t, tn, 5, random(3));
    const said: string[] = [];
    const log = { info: (_: object, message: string) => said.push(message), error: () => undefined };
    const tiny = new SearchIndexes(t.ctx.database.searchDb, 1000, log);
    expect(await tiny.get(tn.ownerId, 10_000)).toBeNull();
    expect(said).toEqual(['chat search index too large to keep']);
    const roomy = new SearchIndexes(t.ctx.database.searchDb, 10 * 2 ** 20, log);
    const index = await roomy.get(tn.ownerId, 10_000);
    expect(index?.size).toBe(5);
    expect(said).toContain('chat search index built');
  });
});

describe("a chat's change_xid (what the index reads again)", () => {
  it('moves when something the index holds changes, and not for a receipt', async () => {
    const tn = await tenant(t);
    await fill(t, tn, 1, random(7));
    const chatId = tn.chatIds[0]!;
    const stampAfter = async (change: string | null) => {
      if (change) await t.ctx.db.execute(sql.raw(`update chats set ${change} where id = '${chatId}'`));
      const rows = (await t.ctx.db.execute(
        sql`select change_xid::text as x from chats where id = ${chatId}`,
      )) as unknown as { rows: { x: string | null }[] };
      return rows.rows[0]!.x;
    };
    let stamp = await stampAfter(null);
    expect(stamp).not.toBeNull();
    // what the index does not hold: the last message's status, the messages' version, the note
    for (const change of [
      "last_message_status = 'read'",
      'messages_version = messages_version + 1',
      "note = 'pelanggan tetap'",
      'updated_at = now()',
    ])
      expect(await stampAfter(change), change).toBe(stamp);
    // each column it holds (rowColumns)
    for (const change of [
      "contact_name = 'Nama Baru'",
      "contact_phone = '6281300000001'",
      "last_message_at = last_message_at + interval '1 second'",
      "agent_id = 'agen-1'",
      "label_ids = '{label-1}'",
      'unread_count = unread_count + 1',
      'last_message_is_from_me = not last_message_is_from_me',
      "conversation_state = 'resolved'",
    ]) {
      const next = await stampAfter(change);
      expect(next, change).not.toBe(stamp);
      stamp = next;
    }
    // a message stored in the chat (its words may have grown)
    await t.ctx.db
      .execute(sql`insert into messages (id, owner_id, chat_id, account_id, type, text, is_from_me, status)
      values ('pesan-baru', ${tn.ownerId}, ${chatId}, ${tn.accountId}, 'text', 'kata baru', true, 'pending')`);
    expect(await stampAfter(null)).not.toBe(stamp);
  });
});

describe('TenantSearchIndex.candidates', () => {
  type Filters = Parameters<TenantSearchIndex['candidates']>[2];
  const firsts = ['budi', 'siti', 'kartika', 'agus', 'yanti', 'pembeli'];
  const lasts = ['santoso', 'siregar', 'halim', 'wijaya'];
  const words = ['kemeja', 'batik', 'pesanan', 'ongkir', 'grosir', 'kak', 'halo', 'ready?', 'marun'];

  /** What candidates promises, worked out the slow way over every chat. */
  function reference(
    rows: Map<string, IndexRow>,
    text: string,
    phone: string | null,
    f: Filters,
    want: number,
  ) {
    const search = text.toLowerCase();
    const parts = search.split(/[ \t\n\r\f\v]+/);
    const tested = parts
      .map((word, position) => ({ word, position }))
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, 8);
    const phrase = parts.length > 1;
    const tokenFits = (token: string, word: string, position: number) =>
      !phrase
        ? token.includes(word)
        : position === 0
          ? token.endsWith(word)
          : position === parts.length - 1
            ? token.startsWith(word)
            : token === word;
    const matches = (r: IndexRow) => {
      if (f.status === 'unread' && !r.unread) return false;
      if (f.status === 'unreplied' && (r.fromMe || r.at === null)) return false;
      if (f.accountIds.length && !f.accountIds.includes(r.accountId)) return false;
      if (f.agentIds.length && !f.agentIds.includes(r.agentId ?? '')) return false;
      if (f.labelIds.length && !r.labelIds.some((id) => f.labelIds.includes(id))) return false;
      if (f.state !== 'all' && r.state !== f.state) return false;
      if (f.assignee === 'me' && r.agentId !== f.me) return false;
      if (f.assignee === 'none' && r.agentId !== null) return false;
      const contact = `${r.name} ${r.phone}`.toLowerCase();
      if (contact.includes(search) || (phone !== null && contact.includes(phone))) return true;
      if (r.words === null) return true;
      const tokens = r.words.split(' ').filter(Boolean);
      return tested.every(({ word, position }) => tokens.some((token) => tokenFits(token, word, position)));
    };
    const at = (r: IndexRow) => r.at ?? -Infinity;
    const ordered = [...rows.values()]
      .sort((a, b) => at(b) - at(a) || (a.id > b.id ? -1 : 1))
      .filter(matches);
    let end = Math.min(want, ordered.length);
    while (end > 0 && end < ordered.length && at(ordered[end]!) === at(ordered[end - 1]!)) end++;
    return { ids: ordered.slice(0, end).map((r) => r.id), exhausted: end === ordered.length };
  }

  it('finds exactly the first matching chats in list order, through postings or a walk, as chats change', () => {
    const next = random(424242);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const rows = new Map<string, IndexRow>();
    const index = new TenantSearchIndex('1');
    const row = (i: number, at: number | null): IndexRow => ({
      id: `c${String(i).padStart(5, '0')}`,
      // a name shared by a sixth of the chats, or by a few
      name: next() < 0.9 ? `${pick(firsts)} ${pick(lasts)} ${i}` : `Zaenal ${pick(lasts)} ${i}`,
      phone: `62813${String(i).padStart(7, '0')}`,
      at,
      accountId: pick(['a1', 'a2']),
      agentId: next() < 0.3 ? 'g1' : null,
      labelIds: next() < 0.2 ? ['l1'] : [],
      unread: next() < 0.4,
      fromMe: next() < 0.5,
      state: pick(['open', 'open', 'open', 'resolved', 'snoozed']),
      words:
        next() < 0.05
          ? null
          : [...new Set(Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(words)))]
              .concat(next() < 0.3 ? [`${Math.floor(next() * 3000)}`] : [])
              .join(' '),
    });
    const put = (r: IndexRow) => {
      rows.set(r.id, r);
      index.put(r);
    };
    // the newest few hundred hold no 'budi': a walk for him gives up and the postings answer
    for (let i = 0; i < 3000; i++) put(row(i, i < 2700 && next() < 0.97 ? 1_000 * Math.floor(i / 2) : null));
    for (let i = 3000; i < 3300; i++) put({ ...row(i, 5_000_000 + i), name: `pembeli ${i}` });
    index.sort();
    const views = { state: 'all', assignee: '', me: '' } as const;
    const filters: Filters[] = [
      { status: '', accountIds: [], labelIds: [], agentIds: [], ...views },
      { status: 'unread', accountIds: [], labelIds: [], agentIds: [], ...views },
      { status: 'unreplied', accountIds: ['a2'], labelIds: [], agentIds: [], ...views },
      { status: '', accountIds: [], labelIds: ['l1'], agentIds: ['g1'], ...views },
      { status: '', accountIds: [], labelIds: [], agentIds: [], ...views, state: 'open' },
      { status: 'unread', accountIds: [], labelIds: [], agentIds: [], ...views, state: 'resolved' },
      { status: '', accountIds: [], labelIds: [], agentIds: [], ...views, assignee: 'me', me: 'g1' },
      { status: '', accountIds: ['a1'], labelIds: [], agentIds: [], ...views, assignee: 'none' },
    ];
    const searches: [string, string | null][] = [
      ['budi', null],
      ['Budi Santoso', null],
      ['kartika siregar 12', null],
      ['zaenal', null],
      ['pembeli 31', null],
      ['kemeja', null],
      ['pesanan 12', null],
      ['pesanan 7', null],
      ['kak 1 batik', null],
      ['ak batik', null],
      ['ja ka', null],
      ['a b c d e f g h ready?', null],
      ['kak batik', null],
      ['halo ready? marun', null],
      ['emeja', null],
      ['0813 0000 12', '8130000012'],
      ['62813', '62813'],
      ['santoso', null],
      ['tidakada', null],
      ['ada marun', null],
    ];
    const check = (round: string) => {
      for (const f of filters)
        for (const [text, phone] of searches)
          for (const want of [2, 21, 84, 400]) {
            const got = index.candidates(text, phone, f, want);
            const expected = reference(rows, text, phone, f, want);
            expect(
              { ids: got.ids, exhausted: got.exhausted },
              `${round}: ${text} ${JSON.stringify(f)} ${want}`,
            ).toEqual(expected);
          }
    };
    // both ways in are taken: a walk (some answering, some giving up) and the postings
    const proto = TenantSearchIndex.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const walk = vi.spyOn(proto, 'walk');
    const postings = vi.spyOn(proto, 'firstInOrder');
    check('built');
    expect(walk.mock.results.some((r) => r.value !== null)).toBe(true);
    expect(walk.mock.results.some((r) => r.value === null)).toBe(true);
    expect(postings).toHaveBeenCalled();
    // chats written since the sort (merged into the walk), renamed (their postings follow), and
    // words that became unknown and known again
    for (let n = 0; n < 400; n++) {
      const i = Math.floor(next() * 3300);
      const before = rows.get(`c${String(i).padStart(5, '0')}`)!;
      const changed = row(i, next() < 0.5 ? 6_000_000 + n : before.at);
      put(next() < 0.5 ? changed : { ...changed, name: before.name });
    }
    check('changed');
    index.sort();
    check('sorted again');

    // the paths of a big inbox, with the limits shrunk to this one's size: a word in too many chats
    // to list is walked for, within a limit; past it (the newest chats lack it) the sides are listed
    // anyway and tested newest first
    const small = new TenantSearchIndex('1', { postings: 150, walk: 60 });
    for (const r of rows.values()) small.put(r);
    small.sort();
    const matching = vi.spyOn(proto, 'firstMatching');
    for (const f of filters)
      for (const [text, phone] of searches)
        for (const want of [2, 21, 84]) {
          const got = small.candidates(text, phone, f, want);
          expect(
            { ids: got.ids, exhausted: got.exhausted },
            `small limits: ${text} ${JSON.stringify(f)} ${want}`,
          ).toEqual(reference(rows, text, phone, f, want));
        }
    expect(matching).toHaveBeenCalled();
  });
});
