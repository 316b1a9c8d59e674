import * as api from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { agentFor, customerSays, json, ownerWithSandbox, useTestApp } from '../../../test/helpers';

/**
 * An agent of tenant A against everything of tenant B (issue 5 'Done means'): chats, messages, contact
 * edits, assignment, labels, templates and agents are all refused or invisible, and nothing of B changes.
 */
const { t, call } = useTestApp();

describe('tenant isolation for agents', () => {
  it("an agent of A can neither see nor change B's chats, labels, templates or agents", async () => {
    const a = await ownerWithSandbox(t.app);
    const b = await ownerWithSandbox(t.app);
    const agentA = await agentFor(t, a.token, 'Agen A');
    const agentB = await agentFor(t, b.token, 'Agen B');
    const { chatId } = await customerSays(t.app, b.accountId, 'Rahasia B', '6281266660000', 'Pelanggan B');
    const labelB = json(
      await call('POST', '/api/chat/label', b.token, { name: 'Label B', color: '#1d4ed8' }),
      api.label,
    );
    const templateB = json(
      await call('POST', '/api/chat/template', b.token, { title: 'Template B', text: 'Halo dari B' }),
      api.chatTemplate,
    );
    const before = json(await call('GET', `/api/chat/${chatId}`, b.token), api.chat);

    // chats: not listed, not readable, not writable
    expect(json(await call('GET', '/api/chat', agentA.token), api.chatPage).docs).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/api/chat/${chatId}`, undefined],
      ['GET', `/api/chat/${chatId}/message`, undefined],
      ['POST', `/api/chat/${chatId}/message`, { temporaryId: 'a'.repeat(20), text: 'masuk' }],
      ['POST', `/api/chat/${chatId}/message/read`, {}],
      ['POST', `/api/chat/${chatId}/assign`, { agentId: agentA.id }],
      ['POST', `/api/chat/${chatId}/unassign`, {}],
      ['PUT', `/api/chat/${chatId}/contact`, { name: 'Diganti A' }],
    ] as const) {
      const res = await call(method, url, agentA.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // B's agent cannot be given A's chat either
    const { chatId: chatA } = await customerSays(
      t.app,
      a.accountId,
      'Halo A',
      '6281266661111',
      'Pelanggan A',
    );
    const foreignAgent = await call('POST', `/api/chat/${chatA}/assign`, a.token, { agentId: agentB.id });
    expect(foreignAgent.statusCode).toBe(400);
    expect(json(foreignAgent, api.messageResponse).message).toBe('Agen tidak ditemukan');
    expect(json(await call('GET', `/api/chat/${chatA}`, a.token), api.chat).agentId).toBeNull();

    // labels, templates and agents of B are not in A's lists and cannot be changed
    const labels = json(await call('GET', '/api/chat/label', agentA.token), api.labelPage).docs;
    expect(labels.map((l) => l._id)).not.toContain(labelB._id);
    const ids = json(await call('GET', `/api/chat/label/ids?ids=${labelB._id}`, agentA.token), api.labelList);
    expect(ids.docs).toEqual([]);
    const templates = json(await call('GET', '/api/chat/template', agentA.token), api.templatePage).docs;
    expect(templates.map((x) => x._id)).not.toContain(templateB._id);
    const agents = json(await call('GET', '/api/agent', agentA.token), api.agentPage).docs;
    expect(agents.map((x) => x._id)).toEqual([agentA.id]);
    for (const [method, url, body] of [
      ['PUT', `/api/chat/label/${labelB._id}`, { name: 'Diubah', color: '#000000' }],
      ['DELETE', `/api/chat/label/${labelB._id}`, undefined],
      ['PUT', `/api/chat/template/${templateB._id}`, { title: 'Diubah', text: 'x' }],
      ['DELETE', `/api/chat/template/${templateB._id}`, undefined],
      ['DELETE', `/api/agent/${agentB.id}`, undefined],
      ['PUT', `/api/agent/${agentB.id}`, { name: 'Diubah', email: 'x@contoh.test' }],
    ] as const) {
      const res = await call(method, url, agentA.token, body);
      expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    // even A's owner gets not-found for B's things
    expect((await call('DELETE', `/api/chat/label/${labelB._id}`, a.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/chat/template/${templateB._id}`, a.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/agent/${agentB.id}`, a.token)).statusCode).toBe(404);

    // nothing of B changed
    const after = json(await call('GET', `/api/chat/${chatId}`, b.token), api.chat);
    expect(after).toEqual(before);
    const bLabels = json(await call('GET', '/api/chat/label', b.token), api.labelPage).docs;
    expect(bLabels.map((l) => l.name)).toEqual(['Label B']);
    const bTemplates = json(await call('GET', '/api/chat/template', b.token), api.templatePage).docs;
    expect(bTemplates.map((x) => x.title)).toEqual(['Template B']);
    const bAgents = json(await call('GET', '/api/agent', b.token), api.agentPage).docs;
    expect(bAgents.map((x) => x._id)).toEqual([agentB.id]);
  });
});
