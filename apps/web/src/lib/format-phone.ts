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
