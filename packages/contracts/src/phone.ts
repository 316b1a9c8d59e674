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
