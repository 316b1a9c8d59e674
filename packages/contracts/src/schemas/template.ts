import { z } from 'zod';
import { LIMITS } from '../limits';
import { t } from '../catalogue/messages';
import { pageQuery, paged } from './common';
import { mediaFields } from './media';
import { messageContent, withDefaultType } from './message';

/** spec §3 'Chat template'. */
export const TEMPLATE_TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'contact'] as const;
export const chatTemplate = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  ...mediaFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatTemplate = z.infer<typeof chatTemplate>;

const templateTitle = z
  .string({ error: t('template.titleInvalid') })
  .trim()
  .min(1, t('template.titleInvalid'))
  .max(LIMITS.nameMaxLength, t('validation.maxLength', { max: LIMITS.nameMaxLength }));

/** POST /chat/template and PUT /chat/template/{id}: a title plus the content of its type. */
export const templateBody = z.preprocess(
  withDefaultType,
  messageContent
    .refine((c) => c.type !== 'sticker', { message: t('validation.invalid'), path: ['type'] })
    .and(z.object({ title: templateTitle })),
);
export type TemplateBody = z.input<typeof templateBody>;
export type TemplateInput = z.output<typeof templateBody>;

export const templateListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.templatePageSize),
});
export const templatePage = paged(chatTemplate);
