import { describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import {
  agentFor,
  customerSays,
  json,
  ownerWithSandbox,
  registerOwner,
  useTestApp,
} from '../../../test/helpers';

const { t, get, post, put } = useTestApp();

const state = async (token: string) => json(await get('/api/onboarding', token), api.onboardingState);
const done = (s: api.OnboardingState) => s.steps.filter((x) => x.done).map((x) => x.key);

describe('first-run checklist', () => {
  it('a new owner starts at 0 of 4; each step ticks itself from what they do', async () => {
    const { token, accountId } = await ownerWithSandbox(t.app);
    const first = await state(token);
    // the sandbox number made at registration is not 'tried' yet
    expect(first).toEqual({
      steps: api.ONBOARDING_STEPS.map((key) => ({ key, done: false })),
      done: 0,
      total: 4,
      dismissed: false,
    });

    const template = await post('/api/chat/template', token, {
      title: 'Salam',
      type: 'text',
      text: 'Halo kak!',
    });
    expect(template.statusCode).toBeLessThan(300);
    expect(done(await state(token))).toEqual(['template']);

    // trying the sandbox: the simulated customer writes
    await customerSays(t.app, accountId, 'Halo, coba sandbox');
    expect(done(await state(token))).toEqual(['whatsapp', 'template']);

    await agentFor(t, token, 'Agen Rina');
    const group = await post('/api/group', token, { name: 'Pelanggan' });
    expect(group.statusCode).toBeLessThan(300);
    const groupId = json<{ _id: string }>(group)._id;
    const added = await post(`/api/group/${groupId}/contact`, token, {
      contacts: [{ name: 'Dewi', phoneNumber: '6281200000901' }],
    });
    expect(added.statusCode).toBe(201);
    expect(await state(token)).toMatchObject({ done: 4, total: 4, dismissed: false });
  });

  it('dismissing hides it for good; the tenant next door is untouched', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    await post('/api/chat/template', b.token, { title: 'Salam', type: 'text', text: 'Halo kak!' });

    const dismissed = json(await put('/api/onboarding/dismiss', a.token, {}), api.onboardingState);
    expect(dismissed.dismissed).toBe(true);
    expect((await state(a.token)).dismissed).toBe(true);
    // again: still dismissed
    expect(json(await put('/api/onboarding/dismiss', a.token, {}), api.onboardingState).dismissed).toBe(true);
    // B's template is not A's step, and A's dismissal is not B's
    expect(done(await state(a.token))).toEqual([]);
    expect(await state(b.token)).toMatchObject({ done: 1, dismissed: false });
  });

  it('agents are refused; without a session nothing is answered', async () => {
    const { token } = await registerOwner(t.app);
    const agent = await agentFor(t, token, 'Agen Budi');
    expect((await get('/api/onboarding', agent.token)).statusCode).toBe(403);
    expect((await put('/api/onboarding/dismiss', agent.token, {})).statusCode).toBe(403);
    expect((await state(token)).dismissed).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });
});
