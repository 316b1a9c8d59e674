import type { ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { COUNTRIES } from '@sapa/contracts';
import { countryByCode } from '../lib/phone-form';

export interface PhoneFieldProps {
  country: string;
  onCountryChange: (code: string) => void;
  number: string;
  onNumberChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** a hint under the field, e.g. why a leading 0 is refused */
  description?: ReactNode;
}

/**
 * The number field with its country dial code in front (Indonesia 62 first). The code is a native
 * select laid over a short '+62' label, so the list shows full country names and stays keyboard
 * and screen-reader friendly.
 */
export function PhoneField({
  country,
  onCountryChange,
  number,
  onNumberChange,
  error,
  disabled,
  description,
}: PhoneFieldProps) {
  const dial = countryByCode(country).dial;
  return (
    <TextInput
      label="Nomor Telepon"
      placeholder="81234567890"
      inputMode="numeric"
      autoComplete="tel-national"
      value={number}
      onChange={(event) => onNumberChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      leftSectionWidth={76}
      styles={{ input: { paddingInlineStart: 88 } }}
      leftSectionPointerEvents="all"
      leftSection={
        <span className="sapa-dial">
          <span aria-hidden>+{dial}</span>
          <IconChevronDown size={14} stroke={1.8} aria-hidden />
          <select
            aria-label="Kode Negara"
            value={country}
            disabled={disabled}
            onChange={(event) => onCountryChange(event.currentTarget.value)}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} (+{c.dial})
              </option>
            ))}
          </select>
        </span>
      }
    />
  );
}
