import { z } from 'zod';

/** The first-run checklist's steps, in the order shown (issue 21 part 9). */
export const ONBOARDING_STEPS = ['whatsapp', 'agent', 'template', 'contacts'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * GET /onboarding (owner only): each step ticks itself from the tenant's data - a linked WhatsApp
 * number or a sandbox conversation, an agent, a chat template, an imported contact.
 */
export const onboardingState = z.object({
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
  /** closed by the owner (PUT /onboarding/dismiss); the checklist is hidden for good */
  dismissed: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingState>;
