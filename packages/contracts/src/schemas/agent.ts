import { z } from 'zod';
import { AGENT_MESSAGES } from '../catalogue/agent';
import { LIMITS } from '../limits';
import { pageQuery, paged } from './common';
import { codeField, emailField, nameField, passwordField, phoneField } from './fields';

/** spec §3 'Agent': an owner's staff member; the password never leaves the server. */
export const agent = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isVerified: z.boolean(),
  /** the owner lets this agent open the reports (issue 24 part 5) */
  canViewReports: z.boolean(),
});
export type Agent = z.infer<typeof agent>;

/** The verified filter of GET /agent: 'true', 'false', or '' (and absent) for every agent. */
export const AGENT_VERIFIED_FILTERS = ['', 'true', 'false'] as const;
export type AgentVerifiedFilter = (typeof AGENT_VERIFIED_FILTERS)[number];

/** GET /agent?page&limit&search&isVerified: 20 a page unless asked otherwise. */
export const agentListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pickerPageSize),
  isVerified: z
    .enum(AGENT_VERIFIED_FILTERS, { error: AGENT_MESSAGES['agent.verifiedFilterInvalid'] })
    .optional()
    .default(''),
});
export type AgentListQuery = z.input<typeof agentListQuery>;

export const agentPage = paged(agent);

/** POST /agent: the agent gets an emailed code; the owner enters it to activate the account. */
export const createAgentBody = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
});
export type CreateAgentBody = z.infer<typeof createAgentBody>;

/**
 * PUT /agent/{id}: a blank or absent password keeps the current one; an absent canViewReports keeps
 * the agent's permission to open reports as it is.
 */
export const updateAgentBody = z.object({
  name: nameField,
  email: emailField,
  canViewReports: z.boolean().optional(),
  password: z
    .string()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(passwordField.optional()),
});
export type UpdateAgentBody = z.input<typeof updateAgentBody>;

/** PUT /agent/{id}/verification: the 6-digit code the agent received by email. */
export const agentVerificationBody = z.object({ code: codeField });
export type AgentVerificationBody = z.infer<typeof agentVerificationBody>;

/** What create, edit and verify answer: the toast's message and the agent as stored. */
export const agentMutationResponse = z.object({ message: z.string(), agent });
export type AgentMutationResponse = z.infer<typeof agentMutationResponse>;
