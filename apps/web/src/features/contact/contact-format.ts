/**
 * A stored number (digits with the country code) as people read it: Indonesian numbers grouped
 * '+62 812-3456-7890', any other '+' and the digits. Not digits (e.g. an Instagram id): as it is.
 */
export function formatPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  if (!value) return '-';
  if (!/^\d+$/.test(value)) return value;
  if (value.startsWith('62') && value.length >= 10 && value.length <= 15) {
    const rest = value.slice(2);
    const parts = [rest.slice(0, 3), rest.slice(3, 7), rest.slice(7)].filter(Boolean);
    return `+62 ${parts.join('-')}`;
  }
  return `+${value}`;
}

/** 'kontak.xlsx' -> 'kontak' */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return (
    letters
      .map((w) => Array.from(w)[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}
