import * as api from '@sapa/contracts';
import { json, ownerWithSandbox, type TestApp } from '../../../test/helpers';
import { ingestInbound } from './ingest';

/** What the search tests share: seeded randomness, a tenant, customers writing in random words. */

/** A small random source, so a failure can be replayed from its seed. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Tenant {
  ownerId: string;
  token: string;
  accountId: string;
  chatIds: string[];
}

export async function tenant(t: TestApp): Promise<Tenant> {
  const { token, accountId } = await ownerWithSandbox(t.app);
  const me = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    api.userProfile,
  );
  return { ownerId: me._id, token, accountId, chatIds: [] };
}

export const vocabulary = [
  'kemeja',
  'batik',
  'ready?',
  'pesanan',
  'ongkir',
  'bandung',
  'grosir',
  'kak,',
  'Halo',
  'XL',
];

/** Customers writing in random words, some at the same moment (ties in list order). */
export async function fill(t: TestApp, tn: Tenant, count: number, next: () => number) {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  for (let i = 0; i < count; i++) {
    if (next() < 0.7) t.clock.advance(1000);
    const messagesOf = 1 + Math.floor(next() * 3);
    let chatId = '';
    for (let m = 0; m < messagesOf; m++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(vocabulary));
      if (next() < 0.3) words.push(`pesanan ${Math.floor(next() * 5000)}`);
      const result = await ingestInbound(t.ctx, {
        accountId: tn.accountId,
        externalId: `ext-${tn.ownerId}-${i}-${m}`,
        contact: {
          externalId: `6281355${String(i).padStart(5, '0')}`,
          name: `${pick(['Budi', 'Siti', 'Kartika', 'Agus'])} ${pick(['Santoso', 'Siregar', 'Halim'])} ${i}`,
          phone: `6281355${String(i).padStart(5, '0')}`,
        },
        type: 'text',
        text: words.join(' '),
        sentAt: t.clock.now(),
      });
      chatId = result.chatId;
    }
    tn.chatIds.push(chatId);
  }
}
