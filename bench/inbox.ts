/**
 * Inbox benchmarks (issue 3), against the built server on PostgreSQL (default) or PGlite:
 *   npx tsx inbox.ts [--db=postgres|pglite] [--chats=100000] [--messages=1000000] [--seed-only]
 * (--seed-only seeds and stops, leaving the database sapa_bench to explore: bench@contoh.test / rahasia123)
 * Seeds one tenant with N chats and M messages (most chats open, some resolved, a few snoozed; 40% of
 * them assigned to five agents; one long conversation with quotes, media, agents, notes and deleted
 * messages), then measures:
 *   - GET /api/chat (first page, each status tab, each conversation state, 'Milik Saya' as an agent,
 *     'Belum Ditugaskan', a page of 40, a name search, a text search): p95 at 50 clients
 *   - GET /api/chat/{id}/message (the long conversation's first page of 20): p95 at 50 clients
 *   - inbound ingest through POST /api/sandbox/inbound: messages/s stored and published
 *   - realtime: 1,000 sockets of one tenant, p99 from POST /chat/{id}/message to the frame
 * Bounded: every load phase runs for a fixed few seconds on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client';
import { SearchIndexes } from '../apps/server/src/modules/chat/search-index';
import { hashPassword } from '../apps/server/src/lib/password';
import { api, load, percentile, printTable, registerOwner, startServer, type Row } from './lib/server';
import { WRK, wrk } from './lib/wrk';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const CHATS = Number(arg('chats', '100000'));
const MESSAGES = Number(arg('messages', '1000000'));
const port = 3291;
/** The seeded agents (issue 21): the first signs in for 'Milik Saya'. */
const AGENTS = 5;
const agentLogin = (i: number) => ({ identifier: `agen${i}@contoh.test`, password: 'rahasia123' });
/** The long conversation whose message list is measured (outside the chats the realtime phase posts to). */
const LONG_CHAT = 'c100';
const LONG_CHAT_MESSAGES = 2000;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
}> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query('drop database if exists sapa_bench with (force)');
    await admin.query('create database sapa_bench');
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = '/sapa_bench';
    return { env: { DATABASE_URL: url.toString() }, open: () => openDatabase({ url: url.toString() }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-pglite-'));
  return { env: { DATABASE_URL: '', SAPA_DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
}

async function seed(open: () => ReturnType<typeof openDatabase>, ownerId: string, accountId: string) {
  const database = await open();
  const t0 = performance.now();
  const exec = (q: string) => database.db.execute(sql.raw(q));
  await exec('drop index if exists messages_text_trgm_idx');
  await exec('drop index if exists chats_contact_trgm_idx');
  // Varied Indonesian names and sentences, so the trigram indexes see realistic posting lists.
  const first = [
    'Budi',
    'Siti',
    'Andi',
    'Dewi',
    'Rina',
    'Agus',
    'Putri',
    'Eko',
    'Sri',
    'Joko',
    'Ayu',
    'Bayu',
    'Citra',
    'Dimas',
    'Fitri',
    'Gilang',
    'Hendra',
    'Indah',
    'Joni',
    'Kartika',
    'Lestari',
    'Made',
    'Nur',
    'Oki',
    'Pratiwi',
    'Rizky',
    'Sari',
    'Teguh',
    'Umi',
    'Wahyu',
    'Yanti',
    'Zainal',
  ];
  const last = [
    'Santoso',
    'Rahmawati',
    'Wijaya',
    'Siregar',
    'Nasution',
    'Hakim',
    'Saputra',
    'Lubis',
    'Pratama',
    'Kusuma',
    'Hidayat',
    'Setiawan',
    'Gunawan',
    'Harahap',
    'Simanjuntak',
    'Purnama',
    'Wibowo',
    'Utami',
    'Susanto',
    'Halim',
    'Tanjung',
    'Sembiring',
    'Ginting',
    'Nugroho',
    'Firmansyah',
  ];
  const arr = (xs: string[]) => `array['${xs.join("','")}']`;
  // Issue 21: agents, 40% of the chats assigned to them (8% each), and the conversation states of an
  // inbox in use: 80% open, 15% resolved, 5% snoozed (until some hour of the next two days).
  const passwordHash = await hashPassword(agentLogin(1).password);
  const agentIds = Array.from({ length: AGENTS }, (_, i) => `agent${i + 1}`);
  for (const [i, id] of agentIds.entries()) {
    await exec(`insert into agents (id, owner_id, name, email, phone, password_hash, is_verified)
      values ('${id}', '${ownerId}', 'Agen ${i + 1}', '${agentLogin(i + 1).identifier}', '6281300000${i + 1}',
        '${passwordHash}', true)`);
  }
  await exec(`insert into chats (id, owner_id, account_id, external_id, contact_name, contact_phone,
      last_message_at, last_message_text, last_message_type, last_message_is_from_me, last_message_status,
      from_sender_at, unread_count, created_at, updated_at, agent_id, conversation_state, snoozed_until)
    select 'c' || g, '${ownerId}', '${accountId}', '62812' || lpad(g::text, 7, '0'),
      (${arr(first)})[g % ${first.length} + 1] || ' ' || (${arr(last)})[(g / ${first.length}) % ${last.length} + 1] || ' ' || (g % 997),
      '62812' || lpad(g::text, 7, '0'), now() - (g || ' minutes')::interval, 'pesan terakhir ' || g, 'text',
      g % 3 = 0, case when g % 3 = 0 then 'read' else 'unread' end, now() - (g || ' minutes')::interval,
      case when g % 4 = 0 then g % 7 + 1 else 0 end, now() - interval '30 days', now(),
      case when g % 5 < 2 then (${arr(agentIds)})[(g / 5) % ${AGENTS} + 1] end,
      case when g % 20 between 1 and 3 then 'resolved' when g % 20 = 4 then 'snoozed' else 'open' end,
      case when g % 20 = 4 then now() + (g % 48 + 1 || ' hours')::interval end
    from generate_series(1, ${CHATS}) g`);
  const openers = [
    'halo kak',
    'permisi',
    'selamat pagi',
    'kak mau tanya',
    'min',
    'siang kak',
    'assalamualaikum',
    'hai',
  ];
  const products = [
    'kemeja batik',
    'sepatu kulit',
    'tas rajut',
    'kerudung satin',
    'celana chino',
    'jaket denim',
    'kaos polos',
    'daster rayon',
    'sandal jepit',
    'dompet kulit',
    'gamis syari',
    'topi rajut',
  ];
  const asks = [
    'masih ready?',
    'ongkir ke bandung berapa',
    'bisa cod?',
    'ada warna hitam?',
    'minta katalognya',
    'ukuran xl ada?',
    'kapan dikirim',
    'sudah transfer ya',
    'bisa grosir?',
    'diskon berapa',
  ];
  // chat_search is filled once at the end rather than by its triggers a million times
  await exec('alter table messages disable trigger user');
  const batch = 250_000;
  for (let from = 1; from <= MESSAGES; from += batch) {
    const to = Math.min(MESSAGES, from + batch - 1);
    await exec(`insert into messages (id, owner_id, chat_id, account_id, external_id, type, text, is_from_me, status, created_at, updated_at)
      select 'm' || g, '${ownerId}', 'c' || (g % ${CHATS} + 1), '${accountId}', 'ext' || g, 'text',
        (${arr(openers)})[g % ${openers.length} + 1] || ', ' || (${arr(products)})[(g / 7) % ${products.length} + 1]
          || ' ' || (${arr(asks)})[(g / 13) % ${asks.length} + 1] || ' (pesanan ' || (g % 100000) || ')',
        g % 2 = 0, 'read', now() - (g || ' seconds')::interval, now()
      from generate_series(${from}, ${to}) g`);
  }
  // The long conversation: replies by agents, quotes (some of deleted messages), images, private
  // notes with a mention, deleted messages; the newest messages of the tenant.
  await exec(`insert into messages (id, owner_id, chat_id, account_id, external_id, type, text, media, is_from_me,
      status, agent_id, sender_name, quoted_message_id, is_deleted, kind, mentions, created_at, updated_at)
    select 'long' || g, '${ownerId}', '${LONG_CHAT}', '${accountId}', case when g % 17 <> 0 then 'extlong' || g end,
      case when g % 7 = 0 then 'image' else 'text' end,
      case when g % 17 = 0 then 'catatan untuk @Agen 1: cek stok ' || g
        else (${arr(products)})[g % ${products.length} + 1] || ' ' || (${arr(asks)})[g % ${asks.length} + 1] end,
      case when g % 7 = 0 then jsonb_build_object('url', '/api/media/bench' || g || '.jpg',
        'thumbnail', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ', 'mimetype', 'image/jpeg') end,
      g % 2 = 0 or g % 17 = 0, case when g % 17 = 0 then 'sent' else 'read' end,
      case when (g % 2 = 0 or g % 17 = 0) and g % 3 <> 1 then (${arr(agentIds)})[g % ${AGENTS} + 1] end,
      case when g % 2 = 1 and g % 17 <> 0 then 'Kartika Siregar' end,
      case when g % 5 = 0 and g > 3 then 'long' || (g - 3) end,
      g % 23 = 0, case when g % 17 = 0 then 'note' else 'message' end,
      case when g % 17 = 0 then array['${ownerId}', 'agent1'] else '{}'::text[] end,
      now() - ((${LONG_CHAT_MESSAGES} - g) * 30 || ' seconds')::interval, now()
    from generate_series(1, ${LONG_CHAT_MESSAGES}) g`);
  await exec('alter table messages enable trigger user');
  await exec('select sapa_chat_search_fill()');
  await exec(
    `create index chats_contact_trgm_idx on chats using gin ((contact_name || ' ' || contact_phone) gin_trgm_ops)`,
  );
  await exec('create index messages_text_trgm_idx on messages using gin (text gin_trgm_ops)');
  // Leave the database as a long-running inbox has it: vacuumed and checkpointed. Otherwise
  // autovacuum's first pass over the million fresh rows and the checkpoint flushing the seed's
  // gigabyte of dirty pages run during the measurements and take the shared two cores from them.
  await exec('vacuum analyze');
  if (kind === 'postgres') await exec('checkpoint');
  await database.close();
  return performance.now() - t0;
}

async function main() {
  const db = await prepareDatabase();
  const env = {
    ...db.env,
    REDIS_URL: '',
    SAPA_DEMO: '0',
    SAPA_REGISTER_PER_HOUR: '100000',
    // ingest is measured through the simulator: its per-account limit would cap it at 2 a second
    SAPA_SANDBOX_INBOUND_PER_MINUTE: '100000000',
  };
  let server = await startServer(env, port);
  const reg = await registerOwner(server.base, {
    name: 'Bench Owner',
    email: 'bench@contoh.test',
    phone: '6281200009999',
    password: 'rahasia123',
  });
  const token = reg.token;
  const accountId = (await api<{ docs: { _id: string }[] }>(server.base, 'GET', '/api/account', token))
    .docs[0]!._id;
  await server.stop();
  const seedMs = await seed(db.open, reg.user._id, accountId);
  if (process.argv.includes('--seed-only')) {
    console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`, db.env);
    process.exit(0);
  }
  // The search index a server builds for the tenant on its first search, built here alone: its time
  // and memory (the estimate the server's budget SAPA_SEARCH_INDEX_MB counts; the heap it takes after
  // a full collection was within 10% of it for this seed).
  const indexDatabase = await db.open();
  const indexStarted = performance.now();
  const index = await new SearchIndexes(indexDatabase.searchDb, Number.MAX_SAFE_INTEGER, {
    info: () => undefined,
    error: (fields) => console.error('search index', fields),
  }).get(reg.user._id, 600_000);
  const indexMs = performance.now() - indexStarted;
  if (!index) throw new Error('the search index was not built');
  const indexBytes = index.bytes();
  await indexDatabase.close();

  // The GETs are driven by wrk when it is installed (`scripts/install.sh --bench`): written in C, it
  // takes ~0.02 ms of CPU a request where autocannon takes ~0.25 ms, a fifth of the two cores the
  // server and PostgreSQL share with it; wrk gives p95 itself. Without wrk, autocannon, which reports
  // p97.5 (stricter; p97.5 <= budget implies p95 <= budget).
  const useWrk = fs.existsSync(WRK);
  const varied = '<varied>';
  const measure = async (base: string, url: string, duration: number, as = token) => {
    if (useWrk) {
      const out =
        url === varied
          ? await wrk(`${base}/api/chat`, as, duration, 'wrk-varied.lua')
          : await wrk(`${base}${url}`, as, duration);
      return {
        requests: out.requests,
        perSecond: out.requests / out.seconds,
        ms: out.requests ? out.p95 : Infinity,
        p99: out.p99,
        stat: 'p95, wrk',
      };
    }
    let n = 0;
    const variedPath = () => {
      const i = n++;
      const search = [`Kartika Siregar ${i % 997}`, `pesanan ${(i * 7919) % 100000}`, 'kemeja'][i % 3]!;
      return `/api/chat?search=${encodeURIComponent(search)}`;
    };
    const result = await autocannon({
      url: `${base}${url === varied ? '/api/chat' : url}`,
      connections: 50,
      duration,
      headers: { token: as },
      ...(url === varied ? { requests: [{ setupRequest: (req) => ({ ...req, path: variedPath() }) }] } : {}),
    });
    if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
    // no answer at all within the window is the worst result, not a zero
    const ms = result.requests.total ? result.latency.p97_5 : Infinity;
    return {
      requests: result.requests.total,
      perSecond: result.requests.total / result.duration,
      ms,
      p99: result.latency.p99,
      stat: 'p97.5, autocannon',
    };
  };
  // common-word search last: it saturates the machine and the server works off the backlog for seconds
  // (a third element: sent as the first agent rather than the owner)
  const cases: [string, string, 'agent'?][] = [
    ['GET /api/chat first page', '/api/chat'],
    ['GET /api/chat?status=unread', '/api/chat?status=unread'],
    ['GET /api/chat?status=unreplied', '/api/chat?status=unreplied'],
    // issue 21: the conversation states and whose chats (the default first page above is state=open)
    ['GET /api/chat?state=resolved', '/api/chat?state=resolved'],
    ['GET /api/chat?state=all', '/api/chat?state=all'],
    ['GET /api/chat?assignee=me (agent)', '/api/chat?assignee=me', 'agent'],
    ['GET /api/chat?assignee=none', '/api/chat?assignee=none'],
    ['GET /api/chat?limit=40', '/api/chat?limit=40'],
    [`GET /api/chat/{id}/message (${LONG_CHAT_MESSAGES} msgs)`, `/api/chat/${LONG_CHAT}/message`],
    ['GET /api/chat/count', '/api/chat/count'],
    ['GET /api/chat?search=<name>', `/api/chat?search=${encodeURIComponent('Kartika Siregar 42')}`],
    ['GET /api/chat?search=<order no.>', `/api/chat?search=${encodeURIComponent('pesanan 4242')}`],
    ['GET /api/chat?search=<common word>', `/api/chat?search=${encodeURIComponent('grosir')}`],
    ['GET /api/chat?search=<a different one each>', varied],
  ];
  const searchCases = cases.filter(([, url]) => url.includes('search=') || url === varied);

  // Issue 19 §4: the same searches through plain PostgreSQL (the reference SQL search on its trigram
  // indexes, SAPA_SEARCH_INDEX=0), so each run shows what the in-process index earns. A search SQL
  // refuses as too broad (400 after SEARCH_TIMEOUT_MS) counts as no answer.
  const sqlRows: Row[] = [];
  if (kind === 'postgres' && !process.argv.includes('--no-sql-search')) {
    const sqlServer = await startServer({ ...env, SAPA_SEARCH_INDEX: '0' }, port);
    for (const [name, url] of searchCases) {
      let value: number;
      let label: string;
      try {
        await measure(sqlServer.base, url, 3);
        const result = await measure(sqlServer.base, url, 6);
        value = result.ms;
        label = `${result.stat} (${result.requests} req)`;
      } catch (error) {
        value = Infinity;
        label = `failed: ${String(error).slice(0, 60)}`;
      }
      sqlRows.push({ name: `SQL only: ${name} @50 ${label}`, value, unit: 'ms', budget: 50, info: true });
    }
    await sqlServer.stop();
    await new Promise((r) => setTimeout(r, 5000)); // the backlog of the last case drains
  }

  server = await startServer(env, port);
  const base = server.base;
  const rows: Row[] = [
    { name: `seed ${CHATS} chats + ${MESSAGES} messages`, value: seedMs / 1000, unit: 's', budget: 600 },
    { name: 'search index build (in-process, alone)', value: indexMs / 1000, unit: 's', budget: 30 },
    { name: 'search index memory (estimate)', value: indexBytes / 2 ** 20, unit: 'MB', budget: 512 },
  ];
  // The server's first search starts its build and is answered through SQL meanwhile; the
  // measurements start once the index is surely built.
  const firstStarted = performance.now();
  await api(base, 'GET', `/api/chat?search=${encodeURIComponent('grosir')}`, token);
  rows.push({
    name: 'first search (SQL while the index builds)',
    value: performance.now() - firstStarted,
    unit: 'ms',
    budget: 3000,
  });
  await new Promise((r) => setTimeout(r, Math.max(5000, 2.5 * indexMs)));
  // On PGlite the server's build shares its one thread and can take longer than the wait: an
  // order-number search through SQL takes seconds there, through the index tens of ms. Wait (up to
  // 2 minutes more) until three in a row come back quickly.
  for (let quick = 0, deadline = Date.now() + 120_000; quick < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await api(base, 'GET', `/api/chat?search=${encodeURIComponent('pesanan 4242')}`, token);
    quick = performance.now() - started < 200 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 500));
  }

  const agentToken = (await api<{ token: string }>(base, 'POST', '/api/auth/login', '', agentLogin(1))).token;
  const indexMsOf = new Map<string, number>();
  for (const [name, url, who] of cases) {
    const as = who === 'agent' ? agentToken : token;
    await measure(base, url, 3, as); // warm up: a running server has its JIT and its connections' statements ready
    const result = await measure(base, url, 6, as);
    // issue 21: the message list of one chat answers within 20 ms (the chat lists within 50)
    const messageList = url.includes('/message');
    rows.push({
      name: `${name} @50 ${result.stat} (${result.requests} req)`,
      value: result.ms,
      unit: 'ms',
      budget: messageList ? 20 : 50,
    });
    if (messageList || url === '/api/chat' || url.includes('limit=40')) {
      rows.push(
        { name: `  its p99`, value: result.p99, unit: 'ms', budget: 50, info: true },
        {
          name: `  its throughput`,
          value: result.perSecond,
          unit: 'req/s',
          budget: 0,
          atLeast: true,
          info: true,
        },
      );
    }
    indexMsOf.set(name, result.ms);
  }
  // issue 21: a page of 40 chats keeps at least 60% of the throughput of a page of 20. Compared
  // from pairs measured back to back (20, then 40, twice): the single runs above lie minutes apart,
  // and a disturbance of the shared machine in one of them (autovacuum, a checkpoint) moved the
  // ratio between 58% and 88% from run to run.
  let page20 = 0;
  let page40 = 0;
  for (let pair = 0; pair < 2; pair++) {
    page20 += (await measure(base, '/api/chat', 4)).perSecond;
    page40 += (await measure(base, '/api/chat?limit=40', 4)).perSecond;
  }
  rows.push({
    name: 'GET /api/chat?limit=40 req/s vs page of 20',
    value: (100 * page40) / page20,
    unit: '%',
    budget: 60,
    atLeast: true,
  });
  // the decision of issue 19 §4: plain PostgreSQL would be the default where it comes within 20% of
  // the index's p95 on every search case
  rows.push(...sqlRows);
  for (const [i, [name]] of searchCases.entries()) {
    const sqlMs = sqlRows[i]?.value;
    const indexMs = indexMsOf.get(name);
    if (sqlMs === undefined || !indexMs) continue;
    rows.push({
      name: `SQL / index p95: ${name.replace('GET /api/chat?', '')}`,
      value: sqlMs / indexMs,
      unit: 'x',
      budget: 1.2,
      info: true,
    });
  }

  await new Promise((r) => setTimeout(r, 10_000)); // let the search backlog drain

  // The same searches from one client at a time: what a person searching feels when the machine is
  // not saturated by 50 searchers (reported beside the budget, which is for 50 clients).
  // (and the page of 20 and 40 and the message list, as the comparison of issue 21 reported them)
  const oneClient = (u: string) =>
    (u.includes('search=') && u !== varied) ||
    u === '/api/chat' ||
    u.includes('limit=40') ||
    u.includes('/message');
  for (const [name, url] of cases.filter(([, u]) => oneClient(u))) {
    const times = await load(
      async () => {
        const res = await fetch(`${base}${url}`, { headers: { token } });
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        await res.arrayBuffer();
      },
      1,
      4000,
    );
    rows.push({
      name: `${name.replace('GET /api/chat?', '')} p95, 1 client (${times.length} req)`,
      value: percentile(times, 95),
      unit: 'ms',
      budget: 50,
    });
  }

  // ingest: distinct customers writing at once, counted as stored (201) and published (frames on a
  // socket). Driven by wrk when installed, like the reads: autocannon in this process took a fifth of
  // the two cores the server and PostgreSQL share.
  let n = 0;
  let offset = 0;
  const inbound = async (duration: number) => {
    if (useWrk) {
      const report = await wrk(base, token, duration, 'wrk-ingest.lua', {
        connections: 40,
        env: { SAPA_ACCOUNT: accountId, SAPA_OFFSET: String((offset += 1_000_000)) },
      });
      return { stored: report.requests, seconds: report.seconds };
    }
    const result = await autocannon({
      url: `${base}/api/sandbox/inbound`,
      connections: 40,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              body: JSON.stringify({
                accountId,
                phoneNumber: `62857${String(i % 5000).padStart(7, '0')}`,
                name: `Pembeli ${i % 5000}`,
                text: `pesan masuk ${i}`,
              }),
            };
          },
        },
      ],
    });
    return { stored: result['2xx'], seconds: result.duration };
  };
  await inbound(2); // warm up, as for the reads: the ingest path's JIT and statements
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
  await new Promise((r) => socket.once('open', r));
  let frames = 0;
  socket.on('message', () => frames++);
  const ingest = await inbound(6);
  await new Promise((r) => setTimeout(r, 500));
  const { seconds, stored } = ingest;
  rows.push({
    name: `ingest stored (${stored} msgs)`,
    value: stored / seconds,
    unit: 'msg/s',
    budget: 1000,
    atLeast: true,
  });
  rows.push({
    name: `ingest published (${frames} frames)`,
    value: frames / seconds,
    unit: 'msg/s',
    budget: 1000,
    atLeast: true,
  });
  socket.close();

  // realtime: 1,000 sockets of the tenant; time from POST to the frame carrying that message
  const sockets: WebSocket[] = [];
  const pendingSince = new Map<string, number>();
  const latencies: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const s = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
    s.on('message', (data) => {
      const event = JSON.parse(JSON.parse(String(data)) as string) as {
        type: string;
        message?: { temporaryId?: string };
      };
      const since =
        event.type === 'message.created' ? pendingSince.get(event.message?.temporaryId ?? '') : undefined;
      if (since !== undefined) latencies.push(performance.now() - since);
    });
    sockets.push(s);
  }
  await Promise.all(
    sockets.map((s) => new Promise((r) => (s.readyState === s.OPEN ? r(null) : s.once('open', r)))),
  );
  for (let i = 0; i < 30; i++) {
    const temporaryId = `bench${String(i).padStart(15, '0')}`;
    pendingSince.set(temporaryId, performance.now());
    await api(base, 'POST', `/api/chat/c${i + 1}/message`, token, { temporaryId, text: `balasan ${i}` });
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
  latencies.sort((a, b) => a - b);
  rows.push({
    name: `realtime 1000 sockets p99 (${latencies.length} frames)`,
    value: percentile(latencies, 99),
    unit: 'ms',
    budget: 150,
  });
  for (const s of sockets) s.close();

  await server.stop();
  const failed = printTable(`Inbox on ${kind}`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
