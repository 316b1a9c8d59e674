import { COUNTRIES, type Country } from '@sapa/contracts';

export const DEFAULT_COUNTRY: Country = COUNTRIES[0] as Country;

/** The country for a code from the dial select (Indonesia when unknown). */
export function countryByCode(code: string): Country {
  return COUNTRIES.find((c) => c.code === code) ?? DEFAULT_COUNTRY;
}

/** Splits a stored phone ('628123...') into the country whose dial code is its longest prefix and the rest. */
export function splitPhone(phone: string): { country: Country; number: string } {
  let best: Country | null = null;
  for (const country of COUNTRIES) {
    if (phone.startsWith(country.dial) && (!best || country.dial.length > best.dial.length)) best = country;
  }
  const country = best ?? DEFAULT_COUNTRY;
  return { country, number: best ? phone.slice(country.dial.length) : phone };
}
