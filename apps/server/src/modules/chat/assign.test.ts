import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { agentFor, customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';

const { t, call } = useTestApp();

const agentOf = (ownerToken: string, name: string) => agentFor(t, ownerToken, name);

const post = (url: string, token: string, payload?: object) => call('POST', url, token, payload);

describe('assignment (spec §6)', () => {
  it('agents take unassigned chats for themselves, reply only there, and unassign only their own', async () => {
    const owner = await ownerWithSandbox(t.app);
    const ani = await agentOf(owner.token, 'Ani');
    const budi = await agentOf(owner.token, 'Budi');
    const { chatId } = await customerSays(t.app, owner.accountId, 'tolong dibantu');

    // an agent cannot assign someone else
    expect((await post(`/api/chat/${chatId}/assign`, ani.token, { agentId: budi.id })).statusCode).toBe(403);
    const taken = await post(`/api/chat/${chatId}/assign`, ani.token, { agentId: ani.id });
    expect(taken.statusCode).toBe(200);
    expect(json(taken, api.chat).agent).toMatchObject({ _id: ani.id, name: 'Ani' });

    // Budi can neither take it over, unassign it, nor reply in it
    expect((await post(`/api/chat/${chatId}/assign`, budi.token, { agentId: budi.id })).statusCode).toBe(403);
    expect((await post(`/api/chat/${chatId}/unassign`, budi.token)).statusCode).toBe(403);
    const budiSend = await post(`/api/chat/${chatId}/message`, budi.token, {
      temporaryId: 'b'.repeat(20),
      text: 'saya',
    });
    expect(budiSend.statusCode).toBe(403);
    const aniSend = await post(`/api/chat/${chatId}/message`, ani.token, {
      temporaryId: 'a'.repeat(20),
      text: 'siap',
    });
    expect(aniSend.statusCode).toBe(200);

    // Ani unassigns her own chat; the owner assigns anyone and unassigns anything
    expect(json(await post(`/api/chat/${chatId}/unassign`, ani.token), api.chat).agentId).toBeNull();
    expect(
      json(await post(`/api/chat/${chatId}/assign`, owner.token, { agentId: budi.id }), api.chat).agentId,
    ).toBe(budi.id);
    expect(
      json(await post(`/api/chat/${chatId}/assign`, owner.token, { agentId: ani.id }), api.chat).agentId,
    ).toBe(ani.id);
    expect(json(await post(`/api/chat/${chatId}/unassign`, owner.token), api.chat).agentId).toBeNull();
  });

  it("refuses another tenant's agents and unknown ids", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const bAgent = await agentOf(b.token, 'Orang Lain');
    const { chatId } = await customerSays(t.app, a.accountId, 'halo');
    const res = await post(`/api/chat/${chatId}/assign`, a.token, { agentId: bAgent.id });
    expect(res.statusCode).toBe(400);
    expect(json(res, api.apiErrorBody).message).toBe('Agen tidak ditemukan');
    expect((await post(`/api/chat/${chatId}/assign`, bAgent.token, { agentId: bAgent.id })).statusCode).toBe(
      404,
    );
  });
});
