import { message as messageSchema, t as say, type Message } from '@sapa/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { drainJobs, json, useTestApp } from '../../../test/helpers';
import { publicApiFixture } from '../../../test/public-api-fixture';
import { SANDBOX_DELIVERY_DELAY_MS } from '../../channels/sandbox/sandbox-connector';
import { textArray } from '../../db/sql';
import { accounts, jobs, messages, sandboxDeliveries } from '../../db/schema';
import { SEND_JOB } from './send-job';

const { t } = useTestApp();
const { owner, api } = publicApiFixture(t);

/** The sandbox connector's sendMany and send, watched (and left working) for one test. */
function watchSandbox() {
  const sandbox = t.ctx.connectors.get('sandbox')!;
  return { sendMany: vi.spyOn(sandbox, 'sendMany'), send: vi.spyOn(sandbox, 'send') };
}

async function sendTexts(token: string, texts: string[], phone = (i: number) => `62812777${i}0001`) {
  const sent: Message[] = [];
  for (const [i, text] of texts.entries()) {
    const res = await api('POST', '/messages', token, { to: phone(i), text });
    expect(res.statusCode, res.body).toBe(201);
    sent.push(json(res, messageSchema) as Message);
  }
  return sent;
}

const stored = async (ids: string[]) =>
  new Map(
    (
      await t.ctx.db
        .select()
        .from(messages)
        .where(sql`${messages.id} = any(${textArray(ids)})`)
    ).map((m) => [m.id, m]),
  );

describe("'message.send' jobs run as a batch (a burst of public API sends)", () => {
  it('sends the pending messages of a sandbox number in one sendMany call; a #gagal one ends in error alone', async () => {
    const o = await owner();
    const { sendMany, send } = watchSandbox();
    try {
      const sent = await sendTexts(o.a.token, ['Satu', 'Dua', 'Tiga ini #gagal', 'Empat', 'Lima']);
      const ids = sent.map((m) => m._id);
      const failing = sent[2]!._id;
      const good = ids.filter((id) => id !== failing);
      expect(await t.ctx.jobs.pending([SEND_JOB])).toBe(5);
      // the sandbox chooses its ids (externalIdFor): each message is stored with it, still pending,
      // so a receipt coming before the send has returned finds it
      const pending = await stored(ids);
      for (const id of ids)
        expect(pending.get(id)).toMatchObject({ status: 'pending', externalId: `sbx_${id}` });

      await drainJobs(t);
      expect(sendMany).toHaveBeenCalledTimes(1);
      expect(sendMany.mock.calls[0]![1].map((m) => m.id).sort()).toEqual([...ids].sort());
      expect(send).not.toHaveBeenCalled();
      const after = await stored(ids);
      for (const id of good)
        expect(after.get(id)).toMatchObject({ status: 'sent', externalId: `sbx_${id}`, errorMessage: null });
      expect(after.get(failing)).toMatchObject({
        status: 'error',
        externalId: `sbx_${failing}`, // chosen when stored, as WhatsApp Web's is; never delivered
        errorMessage: say('sandbox.failedDelivery'),
      });
      // every job is done: the sent ones deleted, the refused one failed for good (not retried)
      expect(await t.ctx.jobs.pending([SEND_JOB])).toBe(0);
      const left = await t.ctx.db.select().from(jobs).where(eq(jobs.name, SEND_JOB));
      expect(left.map((j) => [(j.payload as { messageId: string }).messageId, j.state])).toEqual([
        [failing, 'failed'],
      ]);

      // the simulated customers' receipts come as one job for the batch
      const receipts = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'sandbox.receipts'));
      expect(receipts).toHaveLength(1);
      expect((receipts[0]!.payload as { messageIds: string[] }).messageIds.sort()).toEqual(good.sort());
      t.clock.advance(SANDBOX_DELIVERY_DELAY_MS + 1);
      await drainJobs(t);
      const delivered = await stored(ids);
      for (const id of good) expect(delivered.get(id)!.status).toBe('unread');
      expect(delivered.get(failing)!.status).toBe('error');
      expect(await t.ctx.jobs.pending(['sandbox.receipts'])).toBe(0);
    } finally {
      sendMany.mockRestore();
      send.mockRestore();
    }
  });

  it('does not send again a message already sent, nor one that is gone', async () => {
    const o = await owner();
    const [first] = await sendTexts(o.a.token, ['Sudah terkirim'], () => '6281277700099');
    await drainJobs(t);
    expect((await stored([first!._id])).get(first!._id)!.status).toBe('sent');

    const { sendMany, send } = watchSandbox();
    try {
      // the job again (a crash after the send, a job enqueued twice), and one of a message deleted since
      await t.ctx.jobs.enqueue(t.ctx.db, SEND_JOB, { messageId: first!._id });
      await t.ctx.jobs.enqueue(t.ctx.db, SEND_JOB, { messageId: 'pesanYangSudahTidakAda' });
      const [fresh] = await sendTexts(o.a.token, ['Baru'], () => '6281277700098');
      await drainJobs(t);
      expect(sendMany).toHaveBeenCalledTimes(1);
      expect(sendMany.mock.calls[0]![1].map((m) => m.id)).toEqual([fresh!._id]);
      expect(send).not.toHaveBeenCalled();
      expect((await stored([fresh!._id])).get(fresh!._id)!.status).toBe('sent');
      expect(
        await t.ctx.db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.messageId, first!._id)),
      ).toHaveLength(1);
      // all three jobs succeeded (the two with nothing to do as well): none is left
      const mine = new Set([first!._id, 'pesanYangSudahTidakAda', fresh!._id]);
      const left = await t.ctx.db.select().from(jobs).where(eq(jobs.name, SEND_JOB));
      expect(left.filter((j) => mine.has((j.payload as { messageId: string }).messageId))).toEqual([]);
    } finally {
      sendMany.mockRestore();
      send.mockRestore();
    }
  });

  it('fails each message of a restricted number for good, as one send would (never retried)', async () => {
    const o = await owner();
    await t.ctx.db.update(accounts).set({ sandboxRestricted: true }).where(eq(accounts.id, o.a.accountId));
    const sent = await sendTexts(o.a.token, ['Satu', 'Dua']);
    await drainJobs(t);
    const after = await stored(sent.map((m) => m._id));
    for (const m of sent)
      expect(after.get(m._id)).toMatchObject({ status: 'error', errorMessage: say('sandbox.restricted') });
    const ids = new Set(sent.map((m) => m._id));
    const left = (await t.ctx.db.select().from(jobs).where(eq(jobs.name, SEND_JOB))).filter((j) =>
      ids.has((j.payload as { messageId: string }).messageId),
    );
    expect(left.map((j) => j.state)).toEqual(['failed', 'failed']);
  });

  it("fails each message of a number whose channel this server does not run, with 'not connected'", async () => {
    const o = await owner();
    const sent = await sendTexts(o.a.token, ['Satu', 'Dua']);
    // a channel this process has no connector for (as a number of a removed channel)
    await t.ctx.db.update(accounts).set({ provider: 'hilang' }).where(eq(accounts.id, o.a.accountId));
    await drainJobs(t);
    const after = await stored(sent.map((m) => m._id));
    for (const m of sent)
      expect(after.get(m._id)).toMatchObject({
        status: 'error',
        errorMessage: say('chat.accountDisconnected'),
      });
  });
});
