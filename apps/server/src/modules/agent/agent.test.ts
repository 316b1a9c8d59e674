import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RealtimeEvent } from '@sapa/contracts';
import type { BusMessage } from '../../events/bus';
import { agents, verificationCodes } from '../../db/schema';
import {
  customerSays,
  devMailbox,
  json,
  lastCodeFor,
  newOwner,
  ownerWithSandbox,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';

const { t, call } = useTestApp();

const login = (identifier: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });

const list = async (token: string, query = '') =>
  json(await call('GET', `/api/agent${query}`, token), api.agentPage);

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** POST /agent with fresh input; returns the response, the input and the new id. */
async function addAgent(ownerToken: string, overrides: Partial<Record<string, string>> = {}) {
  const input = { ...newOwner({ name: 'Agen Baru' }), ...overrides };
  const res = await call('POST', '/api/agent', ownerToken, input);
  const id = res.statusCode === 201 ? json(res, api.agentMutationResponse).agent._id : '';
  return { res, input, id };
}

/** An agent added through the API, verified with the mailed code and signed in. */
async function verifiedAgent(ownerToken: string, name = 'Agen Aktif') {
  const { input, id } = await addAgent(ownerToken, { name });
  const code = await lastCodeFor(t.app, input.email);
  const verified = await call('PUT', `/api/agent/${id}/verification`, ownerToken, { code });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const token = json(await login(input.email, input.password), api.loginResponse).token;
  return { id, input, token };
}

describe('adding and verifying an agent', () => {
  it('mails a code to the agent; they sign in only after the owner enters it, and see the owner’s chats', async () => {
    const owner = await ownerWithSandbox(t.app);
    const { chatId } = await customerSays(t.app, owner.accountId, 'halo kak');
    const { res, input, id } = await addAgent(owner.token, { name: 'Sari' });
    expect(res.statusCode).toBe(201);
    const body = json(res, api.agentMutationResponse);
    expect(body.message).toBe(`Agen berhasil ditambahkan. Kode verifikasi telah dikirim ke ${input.email}`);
    expect(body.agent).toEqual({
      _id: id,
      name: 'Sari',
      email: input.email,
      phone: input.phone,
      isVerified: false,
      canViewReports: false,
    });

    const mails = await devMailbox(t.app);
    const mail = mails.find((m) => m.to === input.email);
    expect(mail?.subject).toMatch(/^Kode verifikasi agen Sapa: \d{6}$/);
    expect(mail?.text).toContain(owner.input.name);
    const code = await lastCodeFor(t.app, input.email);

    const early = await login(input.email, input.password);
    expect(early.statusCode).toBe(403);
    expect(json(early, api.apiErrorBody)).toMatchObject({ code: 'AGENT_NOT_VERIFIED' });

    const wrong = await call('PUT', `/api/agent/${id}/verification`, owner.token, { code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong, api.apiErrorBody).message).toBe('Kode verifikasi salah atau sudah kedaluwarsa');
    const malformed = await call('PUT', `/api/agent/${id}/verification`, owner.token, { code: '12a' });
    expect(json(malformed, api.apiErrorBody)).toMatchObject({
      code: 'VALIDATION',
      fields: { code: 'Kode verifikasi terdiri dari 6 angka' },
    });
    expect((await login(input.email, input.password)).statusCode).toBe(403);

    const ok = await call('PUT', `/api/agent/${id}/verification`, owner.token, { code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok, api.agentMutationResponse)).toMatchObject({
      message: 'Agen berhasil diverifikasi',
      agent: { _id: id, isVerified: true },
    });
    const again = await call('PUT', `/api/agent/${id}/verification`, owner.token, { code });
    expect(again.statusCode).toBe(400);
    expect(json(again, api.apiErrorBody).message).toBe('Agen sudah terverifikasi');

    const signedIn = await login(input.email, input.password);
    expect(signedIn.statusCode).toBe(200);
    const { token, user } = json(signedIn, api.loginResponse);
    expect(user.agent?._id).toBe(id);
    const inbox = json(await call('GET', '/api/chat', token), api.chatPage);
    expect(inbox.docs.map((c) => c._id)).toContain(chatId);

    const fetched = await call('GET', `/api/agent/${id}`, owner.token);
    expect(json(fetched, api.agent)).toEqual({
      _id: id,
      name: 'Sari',
      email: input.email,
      phone: input.phone,
      isVerified: true,
      canViewReports: false,
    });
    expect(fetched.body).not.toContain('password');
  });

  it('resends once a minute; the new code replaces the old one', async () => {
    const owner = await ownerWithSandbox(t.app);
    const { input, id } = await addAgent(owner.token);
    const first = await lastCodeFor(t.app, input.email);
    const tooSoon = await call('PUT', `/api/agent/${id}/verification/resend`, owner.token);
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon, api.apiErrorBody).message).toMatch(/^Tunggu \d+ detik sebelum mengirim ulang kode$/);

    t.clock.advance(61_000);
    const resent = await call('PUT', `/api/agent/${id}/verification/resend`, owner.token);
    expect(resent.statusCode).toBe(200);
    expect(json(resent, api.messageResponse).message).toBe(`Kode verifikasi telah dikirim ke ${input.email}`);
    const second = await lastCodeFor(t.app, input.email);
    if (second !== first) {
      const stale = await call('PUT', `/api/agent/${id}/verification`, owner.token, { code: first });
      expect(stale.statusCode).toBe(400);
    }
    expect(
      (await call('PUT', `/api/agent/${id}/verification`, owner.token, { code: second })).statusCode,
    ).toBe(200);
    t.clock.advance(61_000);
    const verified = await call('PUT', `/api/agent/${id}/verification/resend`, owner.token);
    expect(verified.statusCode).toBe(400);
    expect(json(verified, api.apiErrorBody).message).toBe('Agen sudah terverifikasi');
  });

  it('an owner who has not verified their own account cannot add agents', async () => {
    const { token } = await registerOwner(t.app, newOwner(), { unverified: true });
    const { res } = await addAgent(token);
    expect(res.statusCode).toBe(403);
    expect(json(res, api.apiErrorBody).message).toBe('Verifikasi akun Anda terlebih dahulu');
  });
});

describe('listing', () => {
  it('searches name, email and phone, filters by verification and pages by 20', async () => {
    const owner = await ownerWithSandbox(t.app);
    const me = json(await call('GET', '/api/user', owner.token), api.userProfile);
    const rows = Array.from({ length: 23 }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      return {
        ownerId: me._id,
        name: `Halaman ${n}`,
        email: `halaman${n}.${me._id.slice(0, 8)}@contoh.test`,
        phone: `6285${me._id.replace(/\D/g, '').slice(0, 4).padEnd(4, '1')}77${n}`,
        passwordHash: 'tidak-dipakai',
        isVerified: i % 2 === 0,
      };
    });
    await t.ctx.db.insert(agents).values(rows);

    const first = await list(owner.token);
    expect(first.docs).toHaveLength(20);
    expect(first.hasNextPage).toBe(true);
    expect(first.docs[0]).toEqual({
      _id: expect.any(String),
      name: 'Halaman 01',
      email: rows[0]!.email,
      phone: rows[0]!.phone,
      isVerified: true,
      canViewReports: false,
    });
    const second = await list(owner.token, '?page=2');
    expect(second.docs.map((a) => a.name)).toEqual(['Halaman 21', 'Halaman 22', 'Halaman 23']);
    expect(second.hasNextPage).toBe(false);
    expect((await list(owner.token, '?limit=5&page=5')).docs.map((a) => a.name)).toEqual([
      'Halaman 21',
      'Halaman 22',
      'Halaman 23',
    ]);

    const verified = await list(owner.token, '?isVerified=true&limit=50');
    expect(verified.docs).toHaveLength(12);
    expect(verified.docs.every((a) => a.isVerified)).toBe(true);
    const unverified = await list(owner.token, '?isVerified=false&limit=50');
    expect(unverified.docs).toHaveLength(11);
    expect(unverified.docs.every((a) => !a.isVerified)).toBe(true);
    expect((await list(owner.token, '?isVerified=&limit=50')).docs).toHaveLength(23);

    expect((await list(owner.token, '?search=halaman%2007')).docs.map((a) => a.name)).toEqual(['Halaman 07']);
    expect(
      (await list(owner.token, `?search=${encodeURIComponent(rows[11]!.email.toUpperCase())}`)).docs,
    ).toEqual([expect.objectContaining({ name: 'Halaman 12' })]);
    // a number typed the local way (0 instead of 62) finds the stored digits
    const local = `0${rows[4]!.phone.slice(2)}`;
    expect((await list(owner.token, `?search=${local}`)).docs.map((a) => a.name)).toEqual(['Halaman 05']);
    expect((await list(owner.token, '?search=Halaman%2007&isVerified=true')).docs).toHaveLength(1);
    expect((await list(owner.token, '?search=Halaman%2008&isVerified=true')).docs).toHaveLength(0);
    expect((await list(owner.token, '?search=%25')).docs).toHaveLength(0);
    expect((await list(owner.token, '?search=tidak-ada')).docs).toEqual([]);

    const bad = await call('GET', '/api/agent?isVerified=ya', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(json(bad, api.apiErrorBody)).toMatchObject({
      message: 'Filter status verifikasi tidak valid',
      fields: { isVerified: 'Filter status verifikasi tidak valid' },
    });
    expect((await call('GET', '/api/agent?page=0', owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/agent')).statusCode).toBe(401);
  });
});

describe('editing', () => {
  it('keeps the password when it is left blank; a new one replaces it and ends the agent’s sessions', async () => {
    const owner = await ownerWithSandbox(t.app);
    const agent = await verifiedAgent(owner.token, 'Rina');

    const rename = await call('PUT', `/api/agent/${agent.id}`, owner.token, {
      name: 'Rina Wati',
      email: agent.input.email,
      password: '',
    });
    expect(rename.statusCode).toBe(200);
    expect(json(rename, api.agentMutationResponse)).toMatchObject({
      message: 'Agen berhasil diubah',
      agent: { name: 'Rina Wati', email: agent.input.email, isVerified: true },
    });
    expect((await call('GET', '/api/user', agent.token)).statusCode).toBe(200);
    expect((await login(agent.input.email, agent.input.password)).statusCode).toBe(200);
    // absent works like blank
    expect(
      (await call('PUT', `/api/agent/${agent.id}`, owner.token, { name: 'Rina', email: agent.input.email }))
        .statusCode,
    ).toBe(200);

    const short = await call('PUT', `/api/agent/${agent.id}`, owner.token, {
      name: 'Rina',
      email: agent.input.email,
      password: 'pendek',
    });
    expect(short.statusCode).toBe(400);
    expect(json(short, api.apiErrorBody).fields).toEqual({ password: 'Kata sandi minimal 8 karakter' });

    const changed = await call('PUT', `/api/agent/${agent.id}`, owner.token, {
      name: 'Rina',
      email: agent.input.email,
      password: 'sandi-baru-99',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/user', agent.token)).statusCode).toBe(401);
    expect((await login(agent.input.email, agent.input.password)).statusCode).toBe(401);
    expect((await login(agent.input.email, 'sandi-baru-99')).statusCode).toBe(200);
  });

  it('a new email must be verified again: a code goes there and the agent is signed out', async () => {
    const owner = await ownerWithSandbox(t.app);
    const agent = await verifiedAgent(owner.token, 'Dedi');
    const email = newOwner().email;
    const res = await call('PUT', `/api/agent/${agent.id}`, owner.token, {
      name: 'Dedi',
      email: ` ${email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res, api.agentMutationResponse)).toMatchObject({
      message: `Agen berhasil diubah. Kode verifikasi telah dikirim ke ${email}`,
      agent: { email, isVerified: false },
    });
    expect((await call('GET', '/api/user', agent.token)).statusCode).toBe(401);
    expect((await login(email, agent.input.password)).statusCode).toBe(403);
    const code = await lastCodeFor(t.app, email);
    expect((await call('PUT', `/api/agent/${agent.id}/verification`, owner.token, { code })).statusCode).toBe(
      200,
    );
    expect((await login(email, agent.input.password)).statusCode).toBe(200);
    expect((await login(agent.input.email, agent.input.password)).statusCode).toBe(401);
  });
});

describe('deleting', () => {
  it('unassigns their chats (with realtime updates), ends their sessions and forgets them', async () => {
    const owner = await ownerWithSandbox(t.app);
    const agent = await verifiedAgent(owner.token, 'Joko');
    const other = await verifiedAgent(owner.token, 'Lina');
    const mine = [
      (await customerSays(t.app, owner.accountId, 'satu', '6281300000001', 'Ani')).chatId,
      (await customerSays(t.app, owner.accountId, 'dua', '6281300000002', 'Bayu')).chatId,
    ];
    const { chatId: theirs } = await customerSays(t.app, owner.accountId, 'tiga', '6281300000003', 'Cici');
    for (const chatId of mine) {
      const res = await call('POST', `/api/chat/${chatId}/assign`, owner.token, { agentId: agent.id });
      expect(res.statusCode).toBe(200);
    }
    await call('POST', `/api/chat/${theirs}/assign`, owner.token, { agentId: other.id });

    const events: RealtimeEvent[] = [];
    const off = t.ctx.bus.subscribe((m: BusMessage) => {
      if (m.kind === 'tenant') events.push(m.event);
    });
    const res = await call('DELETE', `/api/agent/${agent.id}`, owner.token);
    off();
    expect(res.statusCode).toBe(200);
    expect(json(res, api.messageResponse).message).toBe('Agen berhasil dihapus');

    for (const chatId of mine) {
      const chat = json(await call('GET', `/api/chat/${chatId}`, owner.token), api.chat);
      expect(chat).toMatchObject({ agentId: null, agent: null });
    }
    expect(json(await call('GET', `/api/chat/${theirs}`, owner.token), api.chat).agentId).toBe(other.id);
    expect(events.map((e) => [e.type, e.chat?._id, e.chat?.agentId]).sort()).toEqual(
      mine.map((id) => ['chat.updated', id, null]).sort(),
    );

    const gone = await call('GET', '/api/user', agent.token);
    expect(gone.statusCode).toBe(401);
    expect((await login(agent.input.email, agent.input.password)).statusCode).toBe(401);
    const missing = await call('GET', `/api/agent/${agent.id}`, owner.token);
    expect(missing.statusCode).toBe(404);
    expect(json(missing, api.apiErrorBody).message).toBe('Agen tidak ditemukan');
    expect((await call('DELETE', `/api/agent/${agent.id}`, owner.token)).statusCode).toBe(404);
    expect(
      await t.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.subjectId, agent.id)),
    ).toEqual([]);
    expect((await list(owner.token)).docs.map((a) => a.name)).toEqual(['Lina']);
    // their email is free again
    expect(
      (await addAgent(owner.token, { email: agent.input.email, phone: agent.input.phone })).res.statusCode,
    ).toBe(201);
  });
});

describe('permissions', () => {
  it('agents list their colleagues but cannot manage them', async () => {
    const owner = await ownerWithSandbox(t.app);
    const agent = await verifiedAgent(owner.token, 'Putri');
    const pending = await addAgent(owner.token, { name: 'Qori' });

    const seen = await call('GET', '/api/agent', agent.token);
    expect(seen.statusCode).toBe(200);
    expect(json(seen, api.agentPage).docs.map((a) => a.name)).toEqual(['Putri', 'Qori']);

    const refusals = await Promise.all([
      call('GET', `/api/agent/${pending.id}`, agent.token),
      call('POST', '/api/agent', agent.token, newOwner()),
      call('PUT', `/api/agent/${pending.id}`, agent.token, { name: 'X', email: pending.input.email }),
      call('PUT', `/api/agent/${pending.id}/verification`, agent.token, { code: '123456' }),
      call('PUT', `/api/agent/${pending.id}/verification/resend`, agent.token),
      call('DELETE', `/api/agent/${pending.id}`, agent.token),
      call('DELETE', `/api/agent/${agent.id}`, agent.token),
    ]);
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(json(res, api.apiErrorBody)).toMatchObject({
        code: 'OWNER_ONLY',
        message: 'Hanya pemilik akun yang dapat melakukan tindakan ini',
      });
    }
    const [row] = await t.ctx.db.select().from(agents).where(eq(agents.id, pending.id));
    expect(row).toMatchObject({ name: 'Qori', isVerified: false });
  });

  it("keeps tenants apart: another owner's agents are not found, and their agents never listed", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const aAgent = await verifiedAgent(a.token, 'Milik A');
    const aPending = await addAgent(a.token, { name: 'Calon A' });
    const bAgent = await verifiedAgent(b.token, 'Milik B');
    const code = await lastCodeFor(t.app, aPending.input.email);

    expect((await list(b.token)).docs.map((x) => x.name)).toEqual(['Milik B']);
    expect((await list(aAgent.token, '?limit=50')).docs.map((x) => x.name)).toEqual(['Calon A', 'Milik A']);
    expect((await list(bAgent.token, `?search=${encodeURIComponent('Milik A')}`)).docs).toEqual([]);

    t.clock.advance(61_000);
    const attempts = await Promise.all([
      call('GET', `/api/agent/${aAgent.id}`, b.token),
      call('PUT', `/api/agent/${aAgent.id}`, b.token, {
        name: 'Diambil',
        email: aAgent.input.email,
        password: 'sandi-baru-99',
      }),
      call('PUT', `/api/agent/${aPending.id}/verification`, b.token, { code }),
      call('PUT', `/api/agent/${aPending.id}/verification/resend`, b.token),
      call('DELETE', `/api/agent/${aAgent.id}`, b.token),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(json(res, api.apiErrorBody).message).toBe('Agen tidak ditemukan');
    }
    const [row] = await t.ctx.db.select().from(agents).where(eq(agents.id, aPending.id));
    expect(row?.isVerified).toBe(false);
    expect((await call('GET', '/api/user', aAgent.token)).statusCode).toBe(200);
    expect(json(await call('GET', `/api/agent/${aAgent.id}`, a.token), api.agent).name).toBe('Milik A');
    // A's pending agent can still be verified by A with the untouched code
    expect((await call('PUT', `/api/agent/${aPending.id}/verification`, a.token, { code })).statusCode).toBe(
      200,
    );
  });
});

describe('input', () => {
  it('refuses an email or phone already used by an owner or an agent, in Indonesian', async () => {
    const owner = await ownerWithSandbox(t.app);
    const existing = await addAgent(owner.token);
    const other = await ownerWithSandbox(t.app);

    const cases: [Record<string, string>, string, string][] = [
      [{ email: existing.input.email.toUpperCase() }, 'email', 'Email sudah terdaftar'],
      [{ phone: existing.input.phone }, 'phone', 'Nomor telepon sudah terdaftar'],
      [{ email: other.input.email }, 'email', 'Email sudah terdaftar'],
      [{ phone: owner.input.phone }, 'phone', 'Nomor telepon sudah terdaftar'],
    ];
    for (const [overrides, field, message] of cases) {
      const { res, input } = await addAgent(owner.token, overrides);
      expect(res.statusCode, field).toBe(409);
      expect(json(res, api.apiErrorBody)).toMatchObject({ message, fields: { [field]: message } });
      if (field === 'phone') {
        expect(await t.ctx.db.select().from(agents).where(eq(agents.email, input.email))).toHaveLength(0);
      }
    }

    const second = await addAgent(owner.token);
    const taken = await call('PUT', `/api/agent/${second.id}`, owner.token, {
      name: 'X',
      email: existing.input.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken, api.apiErrorBody).message).toBe('Email sudah terdaftar');
    const ownerEmail = await call('PUT', `/api/agent/${second.id}`, owner.token, {
      name: 'X',
      email: owner.input.email,
    });
    expect(json(ownerEmail, api.apiErrorBody).message).toBe('Email sudah terdaftar');
    // keeping one's own email is no conflict
    expect(
      (await call('PUT', `/api/agent/${second.id}`, owner.token, { name: 'X', email: second.input.email }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const owner = await ownerWithSandbox(t.app);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: '' }, 'name', 'Value is required', 'Nama: Value is required'],
      [
        { name: 'x'.repeat(101) },
        'name',
        'The maximum length allowed is 100',
        'Nama: The maximum length allowed is 100',
      ],
      [
        { email: 'bukan-email' },
        'email',
        'Value is not a valid email address',
        'Email: Value is not a valid email address',
      ],
      [{ phone: '08123456789' }, 'phone', 'Nomor Telepon tidak valid', 'Nomor Telepon tidak valid'],
      [{ phone: '62abc' }, 'phone', 'Value must be numeric', 'Nomor Telepon: Value must be numeric'],
      // the API's label prefix (lib/errors.ts) repeats itself for this one message
      [{ password: 'pendek' }, 'password', 'Kata sandi minimal 8 karakter', 'Kata sandi minimal 8 karakter'],
      [{ password: undefined }, 'password', 'Value is required', 'Kata sandi: Value is required'],
    ];
    for (const [overrides, field, fieldMessage, message] of cases) {
      const input = { ...newOwner({ name: 'Salah' }), ...overrides };
      const res = await call('POST', '/api/agent', owner.token, input);
      expect(res.statusCode, field).toBe(400);
      expect(json(res, api.apiErrorBody), field).toMatchObject({
        code: 'VALIDATION',
        message,
        fields: { [field]: fieldMessage },
      });
    }
    expect((await list(owner.token)).docs).toEqual([]);
  });
});
