import { z } from 'zod';
import { LIMITS } from '../limits';
import { LABEL_MESSAGES } from '../catalogue/label';
import { interpolate } from '../catalogue/messages';
import { pageQuery, paged } from './common';

export const LABEL_NAME_MAX_LENGTH = 50;
/** Label and agent pickers load 20 at a time (spec §9); so does Pengaturan > Label. */
export const LABEL_PAGE_SIZE = LIMITS.pickerPageSize;
/** At most this many ids in one GET /chat/label/ids. */
export const LABEL_IDS_MAX = 200;

/**
 * The preset label colours: every one carries white text at 4.5:1 or more (WCAG AA), and reads as a
 * dot or a tinted tag on white. The first is the brand teal, the default for a new label.
 */
export const LABEL_COLORS = [
  { value: '#0f766e', name: 'Hijau tosca' },
  { value: '#15803d', name: 'Hijau' },
  { value: '#0369a1', name: 'Biru langit' },
  { value: '#1d4ed8', name: 'Biru' },
  { value: '#6d28d9', name: 'Ungu' },
  { value: '#be185d', name: 'Merah muda' },
  { value: '#b91c1c', name: 'Merah' },
  { value: '#c2410c', name: 'Oranye' },
  { value: '#a16207', name: 'Kuning tua' },
  { value: '#475569', name: 'Abu-abu' },
] as const;
export const DEFAULT_LABEL_COLOR: string = LABEL_COLORS[0].value;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function channel(hex: string, at: number): number {
  const v = parseInt(hex.slice(at, at + 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LABEL_DARK_TEXT = '#1f2937';
/**
 * The text colour to put on a label's colour used as a solid background: white or a dark grey,
 * whichever contrasts more. Any colour the user picks stays readable.
 */
export function labelTextColor(color: string): string {
  if (!HEX_COLOR.test(color)) return '#ffffff';
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, LABEL_DARK_TEXT)
    ? '#ffffff'
    : LABEL_DARK_TEXT;
}

/** spec §7 'Labels': a label with how many of the tenant's conversations carry it. */
export const label = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  total: z.number().int(),
});
export type Label = z.infer<typeof label>;
export const labelPage = paged(label);

/** POST /chat/label and PUT /chat/label/{id}: a name (unique per tenant, any case) and a #rrggbb colour. */
export const labelBody = z.object({
  name: z
    .string({ error: LABEL_MESSAGES.nameInvalid })
    .trim()
    .min(1, LABEL_MESSAGES.nameInvalid)
    .max(LABEL_NAME_MAX_LENGTH, interpolate(LABEL_MESSAGES.nameTooLong, { max: LABEL_NAME_MAX_LENGTH })),
  color: z
    .string({ error: LABEL_MESSAGES.colorInvalid })
    .trim()
    .regex(HEX_COLOR, LABEL_MESSAGES.colorInvalid)
    .transform((v) => v.toLowerCase()),
});
export type LabelBody = z.input<typeof labelBody>;
export type LabelInput = z.output<typeof labelBody>;

/** GET /chat/label: the tenant's labels alphabetically, searched by name, 20 a page. */
export const labelListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LABEL_PAGE_SIZE),
});
export type LabelListQuery = z.input<typeof labelListQuery>;

/**
 * GET /chat/label/ids: the labels with these ids (for showing a chat's or a filter's chosen labels).
 * `ids` arrives as repeated keys, `ids[]`, or one comma-separated value.
 */
export const labelIdsQuery = z.preprocess(
  (value) => {
    if (!value || typeof value !== 'object') return value;
    const query = value as Record<string, unknown>;
    return query.ids === undefined && query['ids[]'] !== undefined
      ? { ...query, ids: query['ids[]'] }
      : query;
  },
  z.object({
    ids: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => [
        ...new Set(
          (Array.isArray(v) ? v : v ? [v] : [])
            .flatMap((s) => s.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.string())
          .max(LABEL_IDS_MAX, interpolate(LABEL_MESSAGES.idsTooMany, { max: LABEL_IDS_MAX })),
      ),
  }),
);
export type LabelIdsQuery = z.input<typeof labelIdsQuery>;
export const labelList = z.object({ docs: z.array(label) });

/** DELETE /chat/label/{id}: removed, and from how many chats. */
export const labelDeleteResponse = z.object({ message: z.string(), chats: z.number().int() });
