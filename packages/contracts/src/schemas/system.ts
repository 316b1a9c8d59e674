import { z } from 'zod';

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
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const devMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMail>;
