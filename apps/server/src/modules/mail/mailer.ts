import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DevMail } from '@sapa/contracts';
import type { Db } from '../../db/client';
import { devMails } from '../../db/schema';

/** A file sent with a mail (an invoice PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** 'dev' keeps mail in the dev mailbox; 'smtp' hands it to the SMTP server; 'none' drops it. */
  readonly kind: 'dev' | 'smtp' | 'none';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Sends through SMTP_URL with nodemailer. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ attachments = [], ...mail }) {
      // each file as bytes only: nodemailer would also read a `path` or fetch an `href`
      const files = attachments.map(({ filename, content, contentType }) => ({
        filename,
        content,
        contentType,
      }));
      await transport.sendMail({ from, ...mail, attachments: files });
    },
    close: () => transport.close(),
  };
}

/** The dev mailbox's line for an attachment it does not keep: 'invoice-INV-2026-000001.pdf (application/pdf, 12 KB)'. */
function attachmentLine(a: MailAttachment): string {
  return `${a.filename} (${a.contentType}, ${Math.max(1, Math.ceil(a.content.length / 1024))} KB)`;
}

/**
 * Stores each mail in the database for machines without SMTP; operators read it in the admin area.
 * Attachments are not kept: the text ends with a 'Lampiran:' line naming each one.
 * The log only says that a mail was stored: its subject and body carry codes and reset links.
 */
export function devMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev',
    async send({ to, subject, text, html, attachments = [] }) {
      const listed = attachments.length
        ? `\n\n${attachments.map((a) => `Lampiran: ${attachmentLine(a)}`).join('\n')}`
        : '';
      await db.insert(devMails).values({ to, subject, text: text + listed, html });
      log.info('dev mailbox: an email was stored (read it in the admin area)');
    },
    close: () => undefined,
  };
}

/** No SMTP and no dev mailbox (a shared deployment): mail is dropped, and the log says so. */
export function unsentMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'none',
    async send() {
      log.error('an email was not sent: SMTP_URL is not set');
    },
    close: () => undefined,
  };
}

/** At boot: say loudly when mail goes nowhere, or into a mailbox on a shared deployment. */
export function warnAboutMail(
  config: { smtpUrl?: string; devMailbox: boolean; databaseUrl?: string },
  log: FastifyBaseLogger,
): void {
  if (config.smtpUrl) return;
  if (!config.devMailbox) {
    log.warn('SMTP_URL is not set: no email is sent (verification codes, password resets)');
  } else if (config.databaseUrl) {
    log.warn(
      'SAPA_DEV_MAILBOX=1 on a shared deployment: emails are kept in the dev mailbox instead of being sent; operators can read every verification code and reset link there',
    );
  }
}

export async function listDevMail(db: Db, limit = 50): Promise<DevMail[]> {
  const rows = await db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}
