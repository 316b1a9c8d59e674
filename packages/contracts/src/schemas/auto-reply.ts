import { z } from 'zod';
import { AUTO_REPLY_MESSAGES as M } from '../catalogue/auto-reply';
import { t } from '../catalogue/messages';

/** 'HH:mm', 00:00-23:59. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Longest away or greeting text. */
export const AUTO_REPLY_TEXT_MAX = 1000;

const time = z.string({ error: M.timeInvalid }).regex(HHMM, M.timeInvalid);

/** One open day: a weekday (0 = Minggu ... 6 = Sabtu) and its hours in Asia/Jakarta; a closed day has no entry. */
export const businessDay = z
  .object({
    day: z.number({ error: M.dayInvalid }).int(M.dayInvalid).min(0, M.dayInvalid).max(6, M.dayInvalid),
    open: time,
    close: time,
  })
  .refine((d) => !HHMM.test(d.open) || !HHMM.test(d.close) || d.close > d.open, {
    path: ['close'],
    message: M.closeAfterOpen,
  });
export type BusinessDay = z.infer<typeof businessDay>;

const replyText = z
  .string({ error: M.textTooLong.replace('{max}', String(AUTO_REPLY_TEXT_MAX)) })
  .max(AUTO_REPLY_TEXT_MAX, M.textTooLong.replace('{max}', String(AUTO_REPLY_TEXT_MAX)));

/**
 * PUT /account/{id}/auto-reply: the whole setting at once. At most one entry per weekday; an enabled
 * message needs its text (a disabled one keeps whatever text it has).
 */
export const autoReplyBody = z
  .object({
    hours: z.array(businessDay, { error: t('validation.required') }).max(7, M.dayTwice),
    awayEnabled: z.boolean({ error: t('validation.required') }),
    awayText: replyText,
    greetingEnabled: z.boolean({ error: t('validation.required') }),
    greetingText: replyText,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.hours.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: ['hours', i, 'day'], message: M.dayTwice });
      seen.add(d.day);
    });
    if (body.awayEnabled && !body.awayText.trim())
      ctx.addIssue({ code: 'custom', path: ['awayText'], message: M.awayRequired });
    if (body.greetingEnabled && !body.greetingText.trim())
      ctx.addIssue({ code: 'custom', path: ['greetingText'], message: M.greetingRequired });
  });
export type AutoReplyBody = z.infer<typeof autoReplyBody>;

/** GET/PUT /account/{id}/auto-reply: a number's automatic replies (defaults until first saved). */
export const autoReplySettings = z.object({
  accountId: z.string(),
  timezone: z.literal('Asia/Jakarta'),
  /** sorted Senin..Minggu as stored (by day number) */
  hours: z.array(businessDay),
  awayEnabled: z.boolean(),
  awayText: z.string(),
  greetingEnabled: z.boolean(),
  greetingText: z.string(),
  /** whether the number is inside its business hours right now (server time) */
  openNow: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AutoReplySettings = z.infer<typeof autoReplySettings>;
