import { z } from 'zod';
import { INTEGRATION_MESSAGES as M } from '../catalogue/integration';
import { WHATSAPP_MESSAGES as W } from '../catalogue/whatsapp';
import { ACCOUNT_LABEL_MAX } from './whatsapp';

/**
 * The WhatsApp Cloud API's pricing categories (channels reference §3.6): Meta bills per delivered
 * message by category; the operator sets what each costs in rupiah so the inbox can show it.
 */
export const CLOUD_PRICING_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type CloudPricingCategory = (typeof CLOUD_PRICING_CATEGORIES)[number];

const priceField = z
  .number({ error: 'Harga tidak valid' })
  .int('Harga harus bilangan bulat rupiah')
  .min(0, 'Harga tidak boleh negatif')
  .max(1_000_000, 'Harga terlalu besar');

/** Rupiah per message of each category (0: not shown). */
export const cloudPrices = z.object({
  marketing: priceField,
  utility: priceField,
  authentication: priceField,
  service: priceField,
});
export type CloudPrices = z.infer<typeof cloudPrices>;
export const NO_CLOUD_PRICES: CloudPrices = { marketing: 0, utility: 0, authentication: 0, service: 0 };

/** How an account reaches Meta (issue 25). */
export const CHANNEL_LINK_KINDS = ['messenger', 'instagram', 'whatsapp-cloud'] as const;
export type ChannelLinkKind = (typeof CHANNEL_LINK_KINDS)[number];

/** An account's link to Meta as its card shows it (Account.channel). */
export const channelLink = z.object({
  kind: z.enum(CHANNEL_LINK_KINDS),
  /** the Page id, the Instagram account id or the Cloud API phone number id */
  externalId: z.string(),
  /** the Page of an Instagram account, the WhatsApp Business Account of a Cloud API number */
  parentId: z.string().nullable(),
  /** the Page's name, '@username' or the display phone number */
  handle: z.string(),
  picture: z.string().nullable(),
  /** Meta refused the token: the card is red with 'Hubungkan ulang' */
  needsRelink: z.boolean(),
  /** the Page may answer up to 7 days with the Human Agent tag */
  humanAgent: z.boolean(),
});
export type ChannelLink = z.infer<typeof channelLink>;

/** GET /integration/meta: whether the operator set up the Meta app (the tabs say plainly when not). */
export const metaIntegrationInfo = z.object({
  configured: z.boolean(),
  /** why it cannot be used (INTEGRATION_MESSAGES.notConfigured / secretKeyMissing), or null */
  problem: z.string().nullable(),
  /** the WhatsApp Cloud API can be linked with Embedded Signup (a config id is set) */
  embeddedSignup: z.boolean(),
});
export type MetaIntegrationInfo = z.infer<typeof metaIntegrationInfo>;

/** POST /integration/meta/login: the Facebook dialog's address, with a state bound to this session. */
export const metaLoginBody = z.object({ kind: z.enum(CHANNEL_LINK_KINDS) });
export const metaLoginResponse = z.object({ url: z.string() });

/**
 * POST /integration/meta/callback: what the dialog sent back to /user/integration/{kind}/callback
 * (its query string, as the page read it).
 */
export const metaCallbackBody = z.object({
  kind: z.enum(CHANNEL_LINK_KINDS),
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(4000).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  /** Embedded Signup (whatsapp-cloud): the WABA and phone number the user picked */
  waba_id: z.string().max(40).optional(),
  phone_number_id: z.string().max(40).optional(),
});
export type MetaCallbackBody = z.infer<typeof metaCallbackBody>;

export const metaCallbackResponse = z.object({
  connected: z.array(
    z.object({
      accountId: z.string(),
      name: z.string(),
      handle: z.string(),
      picture: z.string().nullable(),
      /** it was connected before (a token refreshed), not a new account */
      relinked: z.boolean(),
    }),
  ),
  /** Pages or accounts picked but not connected, each with why (INTEGRATION_MESSAGES) */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type MetaCallbackResponse = z.infer<typeof metaCallbackResponse>;

const digitsId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{5,30}$/, message);

/** POST /account/whatsapp-cloud: a number on the official Cloud API, by its ids and a token. */
export const createWhatsappCloudBody = z.object({
  labelName: z
    .string({ error: W.labelNameInvalid })
    .trim()
    .min(1, W.labelNameInvalid)
    .max(ACCOUNT_LABEL_MAX, W.labelNameTooLong.replace('{max}', String(ACCOUNT_LABEL_MAX))),
  phoneNumberId: digitsId(M.cloudPhoneNumberIdInvalid),
  wabaId: digitsId(M.cloudWabaIdInvalid),
  token: z
    .string({ error: M.cloudTokenInvalid })
    .trim()
    .min(20, M.cloudTokenInvalid)
    .max(2000, M.cloudTokenInvalid)
    .regex(/^\S+$/, M.cloudTokenInvalid),
});
export type CreateWhatsappCloudBody = z.input<typeof createWhatsappCloudBody>;

/** An approved message template of the number's WhatsApp Business Account, as Meta lists it. */
export const cloudTemplate = z.object({
  name: z.string(),
  language: z.string(),
  /** 'MARKETING', 'UTILITY', 'AUTHENTICATION' */
  category: z.string(),
  /** the body text with its {{1}}, {{2}}... placeholders */
  body: z.string(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  /** how many {{n}} the body has: the composer asks for each */
  parameterCount: z.number().int().min(0),
});
export type CloudTemplate = z.infer<typeof cloudTemplate>;

/** GET /chat/{id}/template-cloud: the approved templates the chat's Cloud API number may send. */
export const cloudTemplateList = z.object({ docs: z.array(cloudTemplate) });

/** A template to send (POST /chat/{id}/message with `template`): its name, language and values. */
export const cloudTemplateSend = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(15),
  parameters: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
});
export type CloudTemplateSend = z.input<typeof cloudTemplateSend>;
