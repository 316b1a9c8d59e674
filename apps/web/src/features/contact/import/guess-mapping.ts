import { columnName, type ImportTarget } from '@sapa/contracts';

/**
 * Where one column of the file goes, as the mapping Select holds it: the contact's name or number,
 * an existing column of the group (`column:<name>`), a new column named like the file's header
 * (`new`), or nowhere.
 */
export type MappingChoice = 'name' | 'phoneNumber' | 'ignore' | 'new' | `column:${string}`;

const NAME_EXACT = new Set([
  'nama',
  'name',
  'nama lengkap',
  'full name',
  'fullname',
  'nama kontak',
  'contact name',
  'nama pelanggan',
  'customer name',
]);
const NAME_WORDS = new Set(['nama', 'name']);

const PHONE_EXACT = new Set([
  'nomor telepon',
  'no telepon',
  'no telp',
  'no tlp',
  'no hp',
  'nohp',
  'no wa',
  'nowa',
  'nomor hp',
  'nomor wa',
  'nomor whatsapp',
  'phone',
  'phone number',
  'phonenumber',
  'telepon',
  'whatsapp',
  'wa',
  'hp',
]);
const PHONE_WORDS = new Set([
  'nomor',
  'telepon',
  'telpon',
  'telp',
  'tlp',
  'phone',
  'phonenumber',
  'hp',
  'nohp',
  'handphone',
  'ponsel',
  'mobile',
  'wa',
  'nowa',
  'whatsapp',
  'msisdn',
]);

/** 'No. HP', 'no_hp' and 'No-HP' all read 'no hp'. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const words = (header: string) => normalizeHeader(header).split(' ').filter(Boolean);

/** The header as a new column's name when it makes a valid one ('Kolom baru: {header}'). */
export function newColumnName(header: string): string | null {
  const parsed = columnName.safeParse(header);
  return parsed.success ? parsed.data : null;
}

function existingColumn(header: string, columns: readonly string[]): string | undefined {
  const key = header.trim().toLowerCase();
  return key ? columns.find((c) => c.toLowerCase() === key) : undefined;
}

/**
 * The first guess of the mapping step: a header like nama/name becomes the Nama, one like
 * nomor/telepon/phone/hp/wa/whatsapp the Nomor Telepon (an exact header such as 'No HP' before one
 * that only contains such a word), a header equal to a column of the group goes to that column,
 * and any other header becomes a new column of its name. Each target is used once; a header that
 * cannot be used (blank, or its column already taken) is ignored.
 */
export function guessMapping(headers: readonly string[], columns: readonly string[]): MappingChoice[] {
  const choices: (MappingChoice | null)[] = headers.map(() => null);
  const pick = (match: (header: string, index: number) => boolean): number => {
    const index = headers.findIndex((h, i) => choices[i] === null && match(h, i));
    return index;
  };

  const nameAt = [
    pick((h) => NAME_EXACT.has(normalizeHeader(h))),
    pick((h) => !existingColumn(h, columns) && words(h).some((w) => NAME_WORDS.has(w))),
  ].find((i) => i >= 0);
  if (nameAt !== undefined) choices[nameAt] = 'name';

  const phoneAt = [
    pick((h) => PHONE_EXACT.has(normalizeHeader(h))),
    pick((h) => !existingColumn(h, columns) && words(h).some((w) => PHONE_WORDS.has(w))),
  ].find((i) => i >= 0);
  if (phoneAt !== undefined) choices[phoneAt] = 'phoneNumber';

  const used = new Set<string>();
  return headers.map((header, i) => {
    const chosen = choices[i];
    if (chosen) return chosen;
    const column = existingColumn(header, columns);
    const key = (column ?? newColumnName(header) ?? '').toLowerCase();
    if (!key || used.has(key)) return 'ignore';
    used.add(key);
    return column ? (`column:${column}` as const) : 'new';
  });
}

/** The mapping Select's value as the API's target for that header. */
export function choiceToTarget(choice: MappingChoice, header: string): ImportTarget {
  if (choice === 'name' || choice === 'phoneNumber' || choice === 'ignore') return { target: choice };
  if (choice === 'new') return { target: 'column', column: header.trim() };
  return { target: 'column', column: choice.slice('column:'.length) };
}

/**
 * The target a choice stands for, to spot two headers sent to the same place (case-insensitive,
 * like the server); null for 'ignore'.
 */
export function targetKey(choice: MappingChoice, header: string): string | null {
  const target = choiceToTarget(choice, header);
  if (target.target === 'ignore') return null;
  return target.target === 'column' ? `column:${target.column.toLowerCase()}` : target.target;
}

/** The indexes of headers whose target another header also uses. */
export function duplicateTargets(choices: readonly MappingChoice[], headers: readonly string[]): Set<number> {
  const seen = new Map<string, number[]>();
  choices.forEach((choice, i) => {
    const key = targetKey(choice, headers[i] ?? '');
    if (key) seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  return new Set([...seen.values()].filter((list) => list.length > 1).flat());
}

/**
 * Another target group has other columns: choices made for the old group's columns that the new
 * one lacks fall back to a fresh guess for that header; the rest stay as the user set them.
 */
export function adaptMapping(
  choices: readonly MappingChoice[],
  headers: readonly string[],
  columns: readonly string[],
  touched: ReadonlySet<number>,
): MappingChoice[] {
  const guess = guessMapping(headers, columns);
  const known = new Set(columns.map((c) => c.toLowerCase()));
  return choices.map((choice, i) => {
    if (!touched.has(i)) return guess[i] ?? 'ignore';
    if (choice.startsWith('column:') && !known.has(choice.slice('column:'.length).toLowerCase())) {
      return newColumnName(headers[i] ?? '') ? 'new' : 'ignore';
    }
    return choice;
  });
}
