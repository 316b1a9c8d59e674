import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import {
  ATTACHMENT_MESSAGES,
  PUBLICATION_MESSAGES as M,
  realtimeEvent,
  type StatusBody,
  type StatusPost,
} from '@sapa/contracts';
import { PermanentSendError, RestrictedSendError, type StatusContent } from '../../../channels/connector';
import { accounts, jobs, mediaFiles, whatsappContacts } from '../../../db/schema';
import type { BusMessage } from '../../../events/bus';
import { mediaUrl } from '../../media/lookup';
import {
  agentFor,
  customerSays,
  drainJobs,
  json,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../../test/helpers';

/**
 * WhatsApp Status posts (issue 20 part 5) through the API, the job runner (driven by hand, with the
 * test clock) and the sandbox number's connector, whose posts show in the simulator's status feed.
 * The sandbox connector is wrapped so the test sees every postStatus call (and can make one fail
 * before it reaches the sandbox); every call that does not fail is the sandbox's own.
 */
const { t, get, post, call } = useTestApp();

interface PostCall {
  accountId: string;
  id: string;
  content: StatusContent;
  viewers: string[];
}
const calls: PostCall[] = [];
/** Errors the next postStatus calls of a number throw, in order. */
const failures = new Map<string, Error[]>();
const callsOf = (accountId: string) => calls.filter((c) => c.accountId === accountId);

beforeAll(() => {
  const sandbox = t.ctx.connectors.get('sandbox')!;
  t.ctx.connectors.register({
    ...sandbox,
    async postStatus(account, id, content, viewers) {
      calls.push({ accountId: account.id, id, content, viewers });
      const failure = failures.get(account.id)?.shift();
      if (failure) throw failure;
      return sandbox.postStatus!(account, id, content, viewers);
    },
  });
});

/** What the simulator's status feed shows of the number, newest first. */
async function feed(token: string, accountId: string) {
  const res = await get(`/api/sandbox/account/${accountId}/status`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.sandboxStatusList).docs;
}

async function ownerIdOf(accountId: string): Promise<string> {
  const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row!.ownerId;
}

let shops = 0;
/** An owner with their sandbox number and two customers who wrote to it. */
async function shop() {
  const owner = await ownerWithSandbox(t.app);
  const n = String(++shops).padStart(4, '0');
  const phones = [`62811${n}001`, `62811${n}002`];
  await customerSays(t.app, owner.accountId, 'Halo', phones[0], 'Ani');
  await customerSays(t.app, owner.accountId, 'Permisi', phones[1], 'Budi');
  await drainJobs(t);
  return { ...owner, ownerId: await ownerIdOf(owner.accountId), phones };
}

async function createPost(token: string, body: StatusBody): Promise<StatusPost> {
  const res = await post('/api/publication/status', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, api.statusPost);
}

async function read(token: string, id: string): Promise<StatusPost> {
  const res = await get(`/api/publication/status/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, api.statusPost);
}

/** Moves the test clock on and runs every job that is due by then. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await drainJobs(t);
}

/** The status.updated frames published for a post while `work` runs. */
async function framesDuring(postId: () => string | undefined, work: () => Promise<void>) {
  const seen: BusMessage[] = [];
  const off = t.ctx.bus.subscribe((m) => seen.push(m));
  try {
    await work();
  } finally {
    off();
  }
  return seen.flatMap((m) =>
    m.kind === 'tenant' && m.event.type === 'status.updated' && m.event.statusPost?._id === postId()
      ? [{ ownerId: m.ownerId, event: realtimeEvent.parse(m.event) }]
      : [],
  );
}

function expectInvalid(res: Awaited<ReturnType<typeof post>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json(res, api.apiErrorBody);
  expect(body.code).toBe('VALIDATION');
  expect(body.fields?.[field]).toBe(message);
}

/** The next UTC midnight after `now`: 07:00 WIB (UTC+7). */
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

describe('posting a status now', () => {
  it('posts a text status to every contact of the number, records a sent run and tells the screens', async () => {
    const s = await shop();
    // the phone's address book (WhatsApp Web) counts too; the number itself never does
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    const bookPhone = `${s.phones[0]!.slice(0, -3)}009`;
    await t.ctx.db.insert(whatsappContacts).values([
      { accountId: s.accountId, jid: `${bookPhone}@s.whatsapp.net`, phoneNumber: bookPhone, name: 'Citra' },
      {
        accountId: s.accountId,
        jid: `${s.phones[1]}@s.whatsapp.net`,
        phoneNumber: s.phones[1]!,
        name: 'Budi',
      },
      {
        accountId: s.accountId,
        jid: '99887766@lid',
        lid: '99887766@lid',
        phoneNumber: '',
        name: 'Tanpa Nomor',
      },
      {
        accountId: s.accountId,
        jid: `${account!.phoneNumber}@s.whatsapp.net`,
        phoneNumber: account!.phoneNumber,
        name: 'Saya',
      },
    ]);

    let created: StatusPost | undefined;
    const frames = await framesDuring(
      () => created?._id,
      async () => {
        created = await createPost(s.token, {
          accountId: s.accountId,
          type: 'text',
          text: 'Diskon 20% hari ini!',
          backgroundColor: '#6d28d9',
        });
        expect(created).toMatchObject({
          state: 'scheduled',
          nextAt: t.clock.now().toISOString(),
          repeat: 'none',
          audience: 'all',
          account: { _id: s.accountId },
          runs: [],
        });
        await drainJobs(t);
      },
    );

    const mine = callsOf(s.accountId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.content).toEqual({
      type: 'text',
      text: 'Diskon 20% hari ini!',
      backgroundColor: '#6d28d9',
      mediaUrl: null,
      mimetype: null,
    });
    expect(mine[0]!.viewers).toEqual([...s.phones, bookPhone].sort());

    const after = await read(s.token, created!._id);
    expect(after.state).toBe('finish');
    expect(after.nextAt).toBeNull();
    expect(after.runs).toEqual([
      { at: t.clock.now().toISOString(), state: 'sent', viewers: 3, reason: null },
    ]);
    expect(await feed(s.token, s.accountId)).toMatchObject([
      { type: 'text', text: 'Diskon 20% hari ini!', backgroundColor: '#6d28d9', mediaUrl: null, viewers: 3 },
    ]);

    // created, posting, posted: each frame carries the post as it was, to its tenant only
    expect(frames.map((f) => f.event.statusPost?.state)).toEqual(['scheduled', 'running', 'finish']);
    expect(
      frames.every((f) => f.ownerId === s.ownerId && f.event.chat === null && f.event.message === null),
    ).toBe(true);
    expect(frames.at(-1)!.event.statusPost).toEqual(after);
  });

  it('posts an image with its caption to the distinct numbers of the chosen groups', async () => {
    const s = await shop();
    const key = `st${Math.random().toString(36).slice(2)}${'x'.repeat(20)}`.slice(0, 24) + '.jpg';
    await t.ctx.db.insert(mediaFiles).values({
      ownerId: s.ownerId,
      key,
      mimetype: 'image/jpeg',
      size: 4096,
      name: 'promo.jpg',
      thumbnail: 'data:image/jpeg;base64,AAAA',
    });
    const group = async (name: string, phones: string[]) => {
      const res = await post('/api/group', s.token, { name });
      const id = json(res, api.contactGroup)._id;
      const added = await post(`/api/group/${id}/contact`, s.token, {
        contacts: phones.map((phoneNumber, i) => ({ name: `${name} ${i}`, phoneNumber })),
      });
      expect(added.statusCode, added.body).toBeLessThan(300);
      return id;
    };
    const g1 = await group('Pelanggan Setia', ['6285700000001', '6285700000002']);
    const g2 = await group('Reseller', ['6285700000002', '6285700000003']);

    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'image',
      text: 'Koleksi baru',
      // what the client claims of the file is ignored: the server's record of it is used
      image: { url: mediaUrl(key) },
      audience: 'groups',
      groupIds: [g1, g2],
    });
    expect(created.image).toEqual({
      url: mediaUrl(key),
      thumbnail: 'data:image/jpeg;base64,AAAA',
      mimetype: 'image/jpeg',
    });
    expect(created.backgroundColor).toBeNull();
    expect(created.groups).toEqual([
      { _id: g1, name: 'Pelanggan Setia' },
      { _id: g2, name: 'Reseller' },
    ]);
    await drainJobs(t);

    const [only] = callsOf(s.accountId);
    expect(only!.content).toEqual({
      type: 'image',
      text: 'Koleksi baru',
      backgroundColor: null,
      mediaUrl: mediaUrl(key),
      mimetype: 'image/jpeg',
    });
    expect(only!.viewers).toEqual(['6285700000001', '6285700000002', '6285700000003']);
    expect((await read(s.token, created._id)).runs).toMatchObject([{ state: 'sent', viewers: 3 }]);
    expect(await feed(s.token, s.accountId)).toMatchObject([
      { type: 'image', text: 'Koleksi baru', backgroundColor: null, mediaUrl: mediaUrl(key), viewers: 3 },
    ]);
  });
});

describe('scheduled and recurring posts', () => {
  it('a one-off post waits for its time, then posts once', async () => {
    const s = await shop();
    const when = new Date(t.clock.now().getTime() + 2 * 3600_000);
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Buka jam 10',
      scheduledAt: when.toISOString(),
    });
    expect(created).toMatchObject({ state: 'scheduled', nextAt: when.toISOString() });

    await advance(3600_000);
    expect(callsOf(s.accountId)).toHaveLength(0);
    expect((await read(s.token, created._id)).state).toBe('scheduled');

    await advance(3600_000);
    expect(callsOf(s.accountId)).toHaveLength(1);
    const after = await read(s.token, created._id);
    expect(after).toMatchObject({ state: 'finish', nextAt: null, runs: [{ state: 'sent', viewers: 2 }] });

    await advance(7 * 24 * 3600_000);
    expect(callsOf(s.accountId)).toHaveLength(1);
  });

  it('a daily post at 07:00 WIB is due at 00:00 UTC and schedules the next day after each run', async () => {
    const s = await shop();
    const first = nextUtcMidnight(t.clock.now());
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Selamat pagi!',
      repeat: 'daily',
      time: '07:00',
    });
    expect(created).toMatchObject({ state: 'scheduled', repeat: 'daily', time: '07:00', weekday: null });
    expect(created.nextAt).toBe(first.toISOString());

    await advance(first.getTime() - t.clock.now().getTime() - 1000);
    expect(callsOf(s.accountId)).toHaveLength(0);
    await advance(1000);
    expect(callsOf(s.accountId)).toHaveLength(1);
    const afterFirst = await read(s.token, created._id);
    expect(afterFirst.state).toBe('scheduled');
    expect(afterFirst.nextAt).toBe(new Date(first.getTime() + 24 * 3600_000).toISOString());
    expect(afterFirst.runs).toEqual([{ at: first.toISOString(), state: 'sent', viewers: 2, reason: null }]);

    await advance(24 * 3600_000);
    expect(callsOf(s.accountId)).toHaveLength(2);
    const afterSecond = await read(s.token, created._id);
    expect(afterSecond.runs.map((r) => r.at)).toEqual([
      new Date(first.getTime() + 24 * 3600_000).toISOString(),
      first.toISOString(),
    ]);
    // each run was its own post: the connector's idempotency keys differ
    const [a, b] = callsOf(s.accountId);
    expect(a!.id).not.toBe(b!.id);
  });

  it('a weekly post is due on its weekday (0 = Minggu) at its WIB time', async () => {
    const s = await shop();
    const now = t.clock.now();
    // Sunday 07:00 WIB is Sunday 00:00 UTC: the first Sunday midnight after now
    let expected = nextUtcMidnight(now);
    while (expected.getUTCDay() !== 0) expected = new Date(expected.getTime() + 24 * 3600_000);
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Promo akhir pekan',
      repeat: 'weekly',
      time: '07:00',
      weekday: 0,
    });
    expect(created).toMatchObject({ repeat: 'weekly', weekday: 0, nextAt: expected.toISOString() });

    await advance(expected.getTime() - now.getTime());
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect((await read(s.token, created._id)).nextAt).toBe(
      new Date(expected.getTime() + 7 * 24 * 3600_000).toISOString(),
    );
  });

  it('pausing stops a recurring post; resuming schedules its next time from now', async () => {
    const s = await shop();
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Pengingat harian',
      repeat: 'daily',
      time: '07:00',
    });
    const paused = json(await post(`/api/publication/status/${created._id}/pause`, s.token), api.statusPost);
    expect(paused).toMatchObject({ state: 'paused', nextAt: null });
    // pausing twice changes nothing
    expect(
      json(await post(`/api/publication/status/${created._id}/pause`, s.token), api.statusPost),
    ).toMatchObject({ state: 'paused' });

    await advance(3 * 24 * 3600_000);
    expect(callsOf(s.accountId)).toHaveLength(0);

    const resumed = json(
      await post(`/api/publication/status/${created._id}/resume`, s.token),
      api.statusPost,
    );
    const next = nextUtcMidnight(t.clock.now());
    expect(resumed).toMatchObject({ state: 'scheduled', nextAt: next.toISOString() });
    await advance(next.getTime() - t.clock.now().getTime());
    expect(callsOf(s.accountId)).toHaveLength(1);
  });

  it('pause and resume are for recurring posts only', async () => {
    const s = await shop();
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Sekali saja',
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    for (const action of ['pause', 'resume']) {
      const res = await post(`/api/publication/status/${created._id}/${action}`, s.token);
      expect(res.statusCode).toBe(400);
      expect(json(res, api.apiErrorBody).message).toBe(M.statusNotRecurring);
    }
  });

  it('deleting cancels a post not yet posted and stops a recurring one; its runs stay', async () => {
    const s = await shop();
    const oneOff = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Dibatalkan nanti',
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    const removed = await call('DELETE', `/api/publication/status/${oneOff._id}`, s.token);
    expect(removed.statusCode).toBe(200);
    expect(json(removed, api.messageResponse).message).toBe(M.statusDeleted);
    expect(await read(s.token, oneOff._id)).toMatchObject({ state: 'finish', nextAt: null, runs: [] });

    const daily = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Setiap hari',
      repeat: 'daily',
      time: '07:00',
    });
    await advance(new Date(daily.nextAt!).getTime() - t.clock.now().getTime());
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect((await call('DELETE', `/api/publication/status/${daily._id}`, s.token)).statusCode).toBe(200);
    await advance(3 * 24 * 3600_000);
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect(await read(s.token, daily._id)).toMatchObject({
      state: 'finish',
      nextAt: null,
      runs: [{ state: 'sent', viewers: 2 }],
    });
    // a finished post cannot be paused or resumed
    const res = await post(`/api/publication/status/${daily._id}/resume`, s.token);
    expect(res.statusCode).toBe(400);
    expect(json(res, api.apiErrorBody).message).toBe(M.statusFinished);
  });
});

describe('failures', () => {
  it('a number disconnected at the post time fails the run with the reason, without retries', async () => {
    const s = await shop();
    const daily = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Harian',
      repeat: 'daily',
      time: '07:00',
    });
    await t.ctx.db.update(accounts).set({ status: 'disconnected' }).where(eq(accounts.id, s.accountId));
    const due = new Date(daily.nextAt!);
    await advance(due.getTime() - t.clock.now().getTime());

    expect(callsOf(s.accountId)).toHaveLength(0);
    const after = await read(s.token, daily._id);
    expect(after.runs).toEqual([
      { at: due.toISOString(), state: 'failed', viewers: 0, reason: M.statusReasonDisconnected },
    ]);
    // a recurring post still moves on to its next day
    expect(after).toMatchObject({
      state: 'scheduled',
      nextAt: new Date(due.getTime() + 24 * 3600_000).toISOString(),
    });
    const failedJobs = await t.ctx.db.select().from(jobs).where(eq(jobs.state, 'failed'));
    expect(failedJobs.filter((j) => (j.payload as { postId?: string }).postId === daily._id)).toEqual([]);
    await t.ctx.db.update(accounts).set({ status: 'connected' }).where(eq(accounts.id, s.accountId));
  });

  it('a restricted number (463) fails the run with its message and is not retried', async () => {
    const s = await shop();
    failures.set(s.accountId, [new RestrictedSendError('463', 'Nomor dibatasi WhatsApp (463)')]);
    const created = await createPost(s.token, { accountId: s.accountId, type: 'text', text: 'Halo semua' });
    await advance(0);
    await advance(5 * 60_000);
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect(await read(s.token, created._id)).toMatchObject({
      state: 'finish',
      runs: [{ state: 'failed', reason: 'Nomor dibatasi WhatsApp (463)', viewers: 0 }],
    });
  });

  it('a passing failure is retried with the same idempotency key; a lasting one fails the run in the end', async () => {
    const s = await shop();
    failures.set(s.accountId, [new Error('koneksi terputus')]);
    const retried = await createPost(s.token, { accountId: s.accountId, type: 'text', text: 'Coba lagi' });
    await advance(0);
    expect((await read(s.token, retried._id)).state).toBe('running');
    await advance(60_000);
    const [first, second] = callsOf(s.accountId);
    expect(second?.id).toBe(first!.id);
    expect((await read(s.token, retried._id)).runs).toMatchObject([{ state: 'sent', viewers: 2 }]);
    expect(await feed(s.token, s.accountId)).toMatchObject([{ text: 'Coba lagi' }]);

    failures.set(
      s.accountId,
      Array.from({ length: 10 }, () => new Error('server WhatsApp tidak menjawab')),
    );
    const doomed = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Tidak akan sampai',
    });
    for (let i = 0; i < 8; i++) await advance(61_000);
    // jobs/kinds.ts: five attempts, then the run is failed with the last error
    expect(callsOf(s.accountId)).toHaveLength(2 + 5);
    expect(await read(s.token, doomed._id)).toMatchObject({
      state: 'finish',
      runs: [{ state: 'failed', reason: 'server WhatsApp tidak menjawab' }],
    });
    failures.delete(s.accountId);
  });

  it('a channel refusal for good (PermanentSendError) fails the run at once', async () => {
    const s = await shop();
    failures.set(s.accountId, [new PermanentSendError('Berkas ditolak WhatsApp')]);
    const created = await createPost(s.token, { accountId: s.accountId, type: 'text', text: 'Ditolak' });
    await advance(0);
    await advance(5 * 60_000);
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect((await read(s.token, created._id)).runs).toMatchObject([
      { state: 'failed', reason: 'Berkas ditolak WhatsApp' },
    ]);
  });

  it('the same job again (same post and due time) posts nothing more', async () => {
    const s = await shop();
    const created = await createPost(s.token, { accountId: s.accountId, type: 'text', text: 'Sekali' });
    await drainJobs(t);
    expect(callsOf(s.accountId)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      await t.ctx.jobs.enqueue(t.ctx.db, 'status.post', { postId: created._id, dueAt: created.nextAt! });
    }
    await drainJobs(t);
    expect(callsOf(s.accountId)).toHaveLength(1);
    expect((await read(s.token, created._id)).runs).toHaveLength(1);

    // a recurring post's past run, repeated after it moved on, is no longer due either
    const daily = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Harian sekali sehari',
      repeat: 'daily',
      time: '07:00',
    });
    await advance(new Date(daily.nextAt!).getTime() - t.clock.now().getTime());
    expect(callsOf(s.accountId)).toHaveLength(2);
    await t.ctx.jobs.enqueue(t.ctx.db, 'status.post', { postId: daily._id, dueAt: daily.nextAt! });
    await drainJobs(t);
    expect(callsOf(s.accountId)).toHaveLength(2);
    expect((await read(s.token, daily._id)).runs).toHaveLength(1);
  });
});

describe('validation', () => {
  it('refuses a post with the catalogue message on the wrong field', async () => {
    const s = await shop();
    const other = await shop();
    const base = { accountId: s.accountId, type: 'text' as const, text: 'Halo' };
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, text: '   ' }),
      'text',
      M.statusTextRequired,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, type: 'image', text: '' }),
      'image',
      M.statusMediaRequired,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, type: 'video', video: { url: '' } }),
      'video.url',
      M.statusMediaRequired,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, audience: 'groups', groupIds: [] }),
      'groupIds',
      M.recipientsRequired,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, {
        ...base,
        scheduledAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      }),
      'scheduledAt',
      M.scheduleInPast,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, repeat: 'daily', time: '25:00' }),
      'time',
      M.statusTimeInvalid,
    );
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, repeat: 'weekly', time: '07:00' }),
      'weekday',
      M.statusWeekdayInvalid,
    );
    // another tenant's number, group or file reads as one that does not exist
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, accountId: other.accountId }),
      'accountId',
      M.statusAccountInvalid,
    );
    const theirGroup = json(
      await post('/api/group', other.token, { name: 'Grup Lain' }),
      api.contactGroup,
    )._id;
    expectInvalid(
      await post('/api/publication/status', s.token, { ...base, audience: 'groups', groupIds: [theirGroup] }),
      'groupIds',
      M.groupNotFound,
    );
    const key = `ot${Math.random().toString(36).slice(2)}${'y'.repeat(20)}`.slice(0, 24) + '.png';
    await t.ctx.db
      .insert(mediaFiles)
      .values({ ownerId: other.ownerId, key, mimetype: 'image/png', size: 100, name: 'x.png' });
    expectInvalid(
      await post('/api/publication/status', s.token, {
        ...base,
        type: 'image',
        image: { url: mediaUrl(key) },
      }),
      'image',
      ATTACHMENT_MESSAGES.fileMissing,
    );
    // a disconnected number cannot be chosen
    await t.ctx.db.update(accounts).set({ status: 'disconnected' }).where(eq(accounts.id, s.accountId));
    expectInvalid(await post('/api/publication/status', s.token, base), 'accountId', M.statusAccountInvalid);
    await t.ctx.db.update(accounts).set({ status: 'connected' }).where(eq(accounts.id, s.accountId));

    const list = json(await get('/api/publication/status', s.token), api.statusPostPage);
    expect(list.docs).toEqual([]);
  });
});

describe('the list', () => {
  it('is newest first, paged, and filtered by state, year and WIB days', async () => {
    const s = await shop();
    // just past 00:00 WIB: the WIB day is already the next UTC day's date
    const now = t.clock.now();
    let target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 17, 30));
    if (target <= now) target = new Date(target.getTime() + 24 * 3600_000);
    t.clock.advance(target.getTime() - now.getTime());
    const early = await createPost(s.token, { accountId: s.accountId, type: 'text', text: 'Pertama' });
    await drainJobs(t);
    t.clock.advance(60_000);
    const late = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Kedua',
      repeat: 'daily',
      time: '12:00',
    });
    const wibDay = new Date(target.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    const utcDay = target.toISOString().slice(0, 10);
    const year = Number(wibDay.slice(0, 4));

    const page = async (query: string) =>
      json(await get(`/api/publication/status?${query}`, s.token), api.statusPostPage);
    const ids = async (query: string) => (await page(query)).docs.map((d) => d._id);

    expect(await ids('')).toEqual([late._id, early._id]);
    expect(await page('limit=1')).toMatchObject({ docs: [{ _id: late._id }], hasNextPage: true });
    expect(await page('limit=1&page=2')).toMatchObject({ docs: [{ _id: early._id }], hasNextPage: false });
    expect(await ids('state=finish')).toEqual([early._id]);
    expect(await ids('state=scheduled')).toEqual([late._id]);
    expect(await ids('state=paused')).toEqual([]);
    expect(await ids(`from=${wibDay}&to=${wibDay}`)).toEqual([late._id, early._id]);
    // 17:30 UTC is already the next day in Jakarta
    expect(await ids(`to=${utcDay}`)).toEqual([]);
    expect(await ids(`from=${utcDay}&to=${utcDay}`)).toEqual([]);
    expect(await ids(`year=${year}`)).toEqual([late._id, early._id]);
    expect(await ids(`year=${year - 1}`)).toEqual([]);
    expect((await page('')).docs[1]!.runs).toMatchObject([{ state: 'sent' }]);
  });
});

describe('who may see and change a post', () => {
  it('another owner gets 404 for a post and never sees it in their list; nothing of it changes', async () => {
    const a = await shop();
    const b = await shop();
    const daily = await createPost(a.token, {
      accountId: a.accountId,
      type: 'text',
      text: 'Rahasia toko A',
      repeat: 'daily',
      time: '07:00',
    });
    const calls: [Method, string][] = [
      ['GET', `/api/publication/status/${daily._id}`],
      ['POST', `/api/publication/status/${daily._id}/pause`],
      ['POST', `/api/publication/status/${daily._id}/resume`],
      ['DELETE', `/api/publication/status/${daily._id}`],
    ];
    for (const [method, url] of calls) {
      const res = await call(method, url, b.token);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res, api.apiErrorBody).message).toBe(M.statusNotFound);
    }
    const theirs = json(await get('/api/publication/status', b.token), api.statusPostPage);
    expect(theirs.docs).toEqual([]);
    expect(await read(a.token, daily._id)).toEqual(daily);
  });

  it('an agent gets 403 on every status route', async () => {
    const s = await shop();
    const agent = await agentFor(t, s.token, 'Agen Status');
    const created = await createPost(s.token, {
      accountId: s.accountId,
      type: 'text',
      text: 'Milik pemilik',
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    const routes: [Method, string, object?][] = [
      ['GET', '/api/publication/status'],
      ['POST', '/api/publication/status', { accountId: s.accountId, type: 'text', text: 'Dari agen' }],
      ['GET', `/api/publication/status/${created._id}`],
      ['POST', `/api/publication/status/${created._id}/pause`, {}],
      ['POST', `/api/publication/status/${created._id}/resume`, {}],
      ['DELETE', `/api/publication/status/${created._id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, agent.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(json(res, api.apiErrorBody)).toMatchObject({ code: 'OWNER_ONLY', message: M.ownerOnly });
    }
    expect(json(await get('/api/publication/status', s.token), api.statusPostPage).docs).toHaveLength(1);
    expect((await read(s.token, created._id)).state).toBe('scheduled');
  });
});
