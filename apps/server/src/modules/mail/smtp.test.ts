import * as api from '@sapa/contracts';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  json,
  newOwner,
  operatorToken,
  testDatabase,
  type TestApp,
} from '../../../test/helpers';
import { smtpMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('an attachment (the invoice PDF) arrives through SMTP as a file of the mail', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Sapa <halo@sapa.test>');
    // long enough that its base64 is folded over several lines
    const content = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.alloc(300, 7)]);
    try {
      await mailer.send({
        to: 'lampiran@contoh.test',
        subject: 'Pembayaran diterima',
        text: 'Invoice terlampir.',
        attachments: [{ filename: 'invoice-INV-2026-000001.pdf', content, contentType: 'application/pdf' }],
      });
    } finally {
      mailer.close();
    }
    const raw = received.find((m) => m.to.includes('lampiran@contoh.test'))?.raw ?? '';
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    const part = raw.split(/\r?\n--/).find((p) => /Content-Disposition: attachment/.test(p)) ?? '';
    expect(part).toMatch(/Content-Type: application\/pdf; name=invoice-INV-2026-000001\.pdf/);
    expect(part).toMatch(/filename=invoice-INV-2026-000001\.pdf/);
    expect(part).toMatch(/Content-Transfer-Encoding: base64/);
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    expect(Buffer.from(body, 'base64').equals(content)).toBe(true);
    expect(raw).toContain('Invoice terlampir.');
  });

  it('with SMTP_URL set, registration mail goes to the SMTP server and the dev mailbox does not exist', async () => {
    const url = `smtp://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { SMTP_URL: url, MAIL_FROM: 'Sapa <halo@sapa.test>' },
      database: await testDatabase(),
      mailer: smtpMailer(url, 'Sapa <halo@sapa.test>'),
    });
    const input = newOwner();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(res.statusCode).toBe(202);
    const mail = received.find((m) => m.to.includes(input.email));
    expect(mail?.from).toBe('halo@sapa.test');
    expect(mail?.raw).toMatch(/Subject: Kode verifikasi Sapa: \d{6}/);
    const admin = await operatorToken(t.app);
    const mailbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailbox',
      headers: { token: admin },
    });
    expect(mailbox.statusCode).toBe(404);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/config' }), api.publicConfig)).toMatchObject({
      devMailbox: false,
    });
  });
});
