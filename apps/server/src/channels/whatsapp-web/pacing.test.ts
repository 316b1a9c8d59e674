import * as api from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES } from '@sapa/contracts';
import { json, registerOwner, useTestApp } from '../../../test/helpers';
import { accounts } from '../../db/schema';
import { RetryLaterError } from '../../jobs/runner';
import { releaseSendSlot, waitForSendSlot } from './pacing';

const { t } = useTestApp();

/** A WhatsApp Web number of a new owner, paced with no gap and the given hourly cap. */
async function number(cap: number) {
  const { token } = await registerOwner(t.app);
  const me = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  );
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({
      ownerId: me._id,
      type: 'whatsapp',
      provider: 'whatsapp-web',
      labelName: 'Toko',
      sendMinGapMs: 0,
      sendHourlyCap: cap,
    })
    .returning();
  return row!.id;
}

/** Whether a send got its slot, or was sent back by the hourly cap. */
const attempt = (accountId: string, messageId: string) =>
  waitForSendSlot(t.ctx, accountId, { jitterMs: 0 }, messageId).then(
    () => 'sent' as const,
    (error: unknown) => {
      if (error instanceof RetryLaterError && error.message === WHATSAPP_MESSAGES.hourlyCapReached)
        return 'capped';
      throw error;
    },
  );

describe('the hourly cap of a WhatsApp number', () => {
  it('counts sends in flight: many at once never get more slots than the cap', async () => {
    const accountId = await number(3);
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(accountId, `m-${i}`)));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'capped')).toHaveLength(9);
    // none of the three is 'sent' in the messages table yet: still in flight, still counted
    expect(await attempt(accountId, 'later')).toBe('capped');
  });

  it('counts a retried message once, gives back a send that never went out, and opens again after an hour', async () => {
    const accountId = await number(2);
    expect(await attempt(accountId, 'a')).toBe('sent');
    expect(await attempt(accountId, 'a')).toBe('sent'); // the same message again (a retry)
    expect(await attempt(accountId, 'b')).toBe('sent');
    expect(await attempt(accountId, 'c')).toBe('capped');
    await releaseSendSlot(t.ctx, 'b'); // its socket was gone: nothing was sent
    expect(await attempt(accountId, 'c')).toBe('sent');
    expect(await attempt(accountId, 'd')).toBe('capped');
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect(await attempt(accountId, 'd')).toBe('sent');
  });

  it('is per number, and a lower cap applies at once', async () => {
    const first = await number(5);
    const second = await number(5);
    for (const id of ['x1', 'x2']) expect(await attempt(first, id)).toBe('sent');
    await t.ctx.db.update(accounts).set({ sendHourlyCap: 2 }).where(eq(accounts.id, first));
    expect(await attempt(first, 'x3')).toBe('capped');
    expect(await attempt(second, 'y1')).toBe('sent');
  });
});
