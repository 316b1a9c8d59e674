import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { memoryBus, redisBus, type BusMessage, type EventBus } from './bus';

/** A message no other test's server sends: a session of its own ended. */
const message: BusMessage = { kind: 'revoke', sessionId: randomUUID() };

/**
 * What `b` heard of `a`'s message within 3 s. Other test files' servers may publish on the same Redis
 * meanwhile (the PostgreSQL run has two workers), so only copies of this message count.
 */
async function roundTrip(a: EventBus, b: EventBus) {
  const seen: BusMessage[] = [];
  const off = b.subscribe((m) => {
    if (JSON.stringify(m) === JSON.stringify(message)) seen.push(m);
  });
  a.publish(message);
  const end = Date.now() + 3000;
  while (!seen.length && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  off();
  return seen;
}

describe('event bus', () => {
  it('in-process: subscribers get what is published', async () => {
    const bus = memoryBus();
    expect(await roundTrip(bus, bus)).toEqual([message]);
    await bus.close();
  });

  it.runIf(Boolean(process.env.REDIS_URL))(
    'Redis: a message published by one process reaches another',
    async () => {
      const log = pino({ level: 'silent' });
      const a = await redisBus(process.env.REDIS_URL!, log);
      const b = await redisBus(process.env.REDIS_URL!, log);
      expect(await roundTrip(a, b)).toEqual([message]);
      await Promise.all([a.close(), b.close()]);
    },
  );
});
