import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BROADCAST_PACING } from '@sapa/contracts';
import { accounts } from '../../../db/schema';
import type { AccountRow } from '../../../channels/connector';
import { ownerWithSandbox, useTestApp } from '../../../../test/helpers';
import {
  estimateSeconds,
  nextActiveTime,
  pacingOf,
  SANDBOX_PACING,
  takeBulkSlot,
  type BulkPacing,
} from './pacing';

/** Bulk pacing of a sender number, against the database, with the test clock (starts 2026-03-02 15:00 WIB). */
const { t } = useTestApp();

const strict: BulkPacing = {
  minGapMs: 8000,
  maxGapMs: 20_000,
  hourlyCap: 5,
  dailyCap: 8,
  activeFrom: 8 * 60,
  activeTo: 20 * 60,
};

async function account(): Promise<AccountRow> {
  const { accountId } = await ownerWithSandbox(t.app);
  const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row!;
}

describe('broadcast pacing', () => {
  it('keeps at least the minimum gap between two messages of a number, and at most the caps an hour and a day', async () => {
    const sender = await account();
    const taken: number[] = [];
    // two hours of asking every 3 seconds
    for (let second = 0; second < 2 * 3600; second += 3) {
      const slot = await takeBulkSlot(t.ctx, sender.id, strict);
      if (slot.ok) taken.push(t.clock.now().getTime());
      else expect(slot.retryAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
      t.clock.advance(3000);
    }
    for (let i = 1; i < taken.length; i++)
      expect(taken[i]! - taken[i - 1]!).toBeGreaterThanOrEqual(strict.minGapMs);
    for (const at of taken)
      expect(taken.filter((x) => x > at - 3600_000 && x <= at).length).toBeLessThanOrEqual(5);
    expect(taken.length).toBe(8); // 5 in the first hour, 3 more until the daily cap
  });

  it('holds the gap when many dispatchers ask at the same moment', async () => {
    const sender = await account();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => takeBulkSlot(t.ctx, sender.id, strict)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
  });

  it('sends nothing outside 08:00-20:00 WIB and comes back at 08:00', () => {
    // 21:30 WIB = 14:30 UTC
    const night = new Date('2026-03-02T14:30:00Z');
    expect(nextActiveTime(night, strict).toISOString()).toBe('2026-03-03T01:00:00.000Z');
    // 07:59 WIB
    expect(nextActiveTime(new Date('2026-03-03T00:59:00Z'), strict).toISOString()).toBe(
      '2026-03-03T01:00:00.000Z',
    );
    const noon = new Date('2026-03-03T05:00:00Z');
    expect(nextActiveTime(noon, strict)).toBe(noon);
    expect(nextActiveTime(night, SANDBOX_PACING)).toBe(night);
  });

  it('refuses a slot at night and warms up a number linked in the last days', async () => {
    const sender = await account();
    t.clock.advance(7 * 3600_000); // 22:00 WIB
    const slot = await takeBulkSlot(t.ctx, sender.id, strict);
    expect(slot.ok).toBe(false);
    t.clock.advance(-7 * 3600_000);

    const real = { ...sender, provider: 'whatsapp-web', linkedAt: t.clock.now() };
    expect(pacingOf(t.ctx, real)?.dailyCap).toBe(BROADCAST_PACING.warmUpDailyCaps[0]);
    const old = { ...real, linkedAt: new Date(t.clock.now().getTime() - 30 * 24 * 3600_000) };
    expect(pacingOf(t.ctx, old)?.dailyCap).toBe(BROADCAST_PACING.dailyCap);
    expect(pacingOf(t.ctx, sender)).toBe(SANDBOX_PACING);
  });

  it('estimates the duration from the gaps, caps and nights', () => {
    expect(estimateSeconds(0, [strict])).toBe(0);
    // 4 messages at 5 an hour: 720 s each
    expect(estimateSeconds(4, [strict])).toBe(2880);
    // two senders share them
    expect(estimateSeconds(4, [strict, strict])).toBe(1440);
    // 9 messages over a daily cap of 8: one night of 12 hours more
    expect(estimateSeconds(9, [strict])).toBe(9 * 720 + 12 * 3600);
    expect(estimateSeconds(100, [null])).toBe(0);
  });
});
