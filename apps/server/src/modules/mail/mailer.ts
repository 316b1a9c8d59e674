import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DevMail } from '@sapa/contracts';
import type { Db } from '../../db/client';
import { devMails } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'dev' keeps mail in the dev mailbox; 'smtp' hands it to the SMTP server. */
  readonly kind: 'dev' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Sends through SMTP_URL with nodemailer. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Stores each mail in the database and prints it to the log, for machines without SMTP. */
export function devMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev',
    async send(mail) {
      await db.insert(devMails).values(mail);
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'dev mailbox: email stored');
    },
    close: () => undefined,
  };
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
