import { z } from 'zod';
import { cloudPrices } from './integration';

/** Public settings the web app reads before anyone signs in. */
export const publicConfig = z.object({
  /** Route prefixes only beta users may open (spec §5); a server-side setting. */
  betaPaths: z.array(z.string()),
  links: z.object({
    tutorial: z.string(),
    customerService: z.string(),
    article: z.string(),
  }),
  /** True when email goes to the dev mailbox instead of SMTP. */
  devMailbox: z.boolean(),
  /** rupiah per WhatsApp Cloud API message by pricing category (0: not shown) */
  cloudPrices: cloudPrices,
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const devMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMail>;

/** GET /health: the process answers. */
export const healthResponse = z.object({ status: z.literal('ok') });

/** GET /ready: the database answers too. */
export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /admin/mailbox: the dev mailbox, newest first (operators only, without SMTP). */
export const devMailList = z.object({ docs: z.array(devMail) });
export type DevMailList = z.infer<typeof devMailList>;
