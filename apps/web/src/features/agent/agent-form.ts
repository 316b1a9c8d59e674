import { z } from 'zod';
import {
  createAgentBody,
  updateAgentBody,
  type Agent,
  type CreateAgentBody,
  type UpdateAgentBody,
} from '@sapa/contracts';
import { localPhoneField } from '../../lib/local-phone-field';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';

/** The add form's fields: the phone is typed beside its country's dial code. */
export interface CreateAgentValues extends Record<string, string> {
  name: string;
  email: string;
  country: string;
  phone: string;
  password: string;
}

/** The edit form's fields: a blank password keeps the current one. */
export interface EditAgentValues extends Record<string, string> {
  name: string;
  email: string;
  password: string;
}

export const EMPTY_CREATE_VALUES: CreateAgentValues = {
  name: '',
  email: '',
  country: DEFAULT_COUNTRY.code,
  phone: '',
  password: '',
};

export function editValuesOf(agent: Agent): EditAgentValues {
  return { name: agent.name, email: agent.email, password: '' };
}

/** The add form as typed: the API's rules, with the local number in place of the full phone. */
export const createAgentForm = createAgentBody.extend({ country: z.string(), phone: localPhoneField });

type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * The body for POST /agent from the checked form values, or the phone's error when the full number
 * (dial code + number) breaks the API's rules (too short, too long).
 */
export function toCreateBody(
  values: z.output<typeof createAgentForm>,
): { body: CreateAgentBody; errors: null } | { body: null; errors: FieldErrors<CreateAgentValues> } {
  const parsed = createAgentBody.safeParse({
    name: values.name,
    email: values.email,
    phone: countryByCode(values.country).dial + values.phone,
    password: values.password,
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: FieldErrors<CreateAgentValues> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as keyof CreateAgentValues & string;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { body: null, errors };
}

/** The edit form's rules: those of PUT /agent/{id}. */
export const editAgentForm = updateAgentBody;

/**
 * The body for PUT /agent/{id}: no password key when it is left blank; the report permission (issue 24
 * part 5) only when the switch is shown (`canViewReports` given).
 */
export function toUpdateBody(
  values: z.output<typeof editAgentForm>,
  canViewReports?: boolean,
): UpdateAgentBody {
  const body: UpdateAgentBody = { name: values.name, email: values.email };
  if (canViewReports !== undefined) body.canViewReports = canViewReports;
  if (values.password) body.password = values.password;
  return body;
}
