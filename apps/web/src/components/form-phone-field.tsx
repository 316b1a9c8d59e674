import type { ReactNode } from 'react';
import type { ZodForm } from '../lib/use-zod-form';
import { PhoneField } from './phone-field';

type PhoneKey = 'phone' | 'phoneNumber';

/** What FormPhoneField reads and sets of a form with `country` and the number under `K`. */
export type PhoneForm<K extends PhoneKey> = Pick<
  ZodForm<Record<'country' | K, string>>,
  'values' | 'errors' | 'setFieldValue'
>;

/**
 * The PhoneField bound to a form's `country` value and its number (`phone` unless `field` names
 * `phoneNumber`), with the number's error.
 */
export function FormPhoneField<K extends PhoneKey = 'phone'>({
  form,
  field = 'phone' as K,
  description,
}: {
  form: PhoneForm<NoInfer<K>>;
  field?: K;
  /** a hint under the field (PhoneField) */
  description?: ReactNode;
}) {
  return (
    <PhoneField
      country={form.values.country}
      onCountryChange={(code) => form.setFieldValue('country', code)}
      number={form.values[field]}
      onNumberChange={(value) => form.setFieldValue(field, value)}
      error={form.errors[field]}
      description={description}
    />
  );
}
