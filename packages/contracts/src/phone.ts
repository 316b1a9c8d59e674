import { LIMITS } from './limits';

/**
 * Normalises a phone number one way everywhere: digits only, with country code.
 * '+62 812-3456' -> '628123456'; a leading 0 becomes the default dial code 62.
 * Returns null when what is left is not a plausible number.
 */
export function normalizePhone(input: string, defaultDial: string = LIMITS.defaultDial): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s\-().]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = defaultDial + digits.replace(/^0+/, '');
  if (digits.length < LIMITS.phoneMinLength || digits.length > LIMITS.phoneMaxLength) return null;
  return digits;
}

/** True for what a phone field may hold: digits only, not starting with 0, at most 20 characters. */
export function isValidLocalPhone(phone: string): boolean {
  return /^[1-9]\d*$/.test(phone) && phone.length <= LIMITS.phoneMaxLength;
}

/**
 * A stored number (digits with the country code) as people read it: Indonesian numbers grouped
 * '+62 812-3456-7890', any other '+' and the digits. Not digits (e.g. an Instagram id): as it is.
 * No number: `empty` ('' by default; the Kontak tables show '-').
 */
export function formatPhone(phone: string | null | undefined, empty = ''): string {
  const value = (phone ?? '').trim();
  if (!value) return empty;
  if (!/^\d+$/.test(value)) return value;
  if (value.startsWith('62') && value.length >= 10 && value.length <= 15) {
    const rest = value.slice(2);
    const parts = [rest.slice(0, 3), rest.slice(3, 7), rest.slice(7)].filter(Boolean);
    return `+62 ${parts.join('-')}`;
  }
  return `+${value}`;
}
