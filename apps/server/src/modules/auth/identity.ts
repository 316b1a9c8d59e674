import { eq, or } from 'drizzle-orm';
import { normalizePhone } from '@sapa/contracts';
import type { Db, Tx } from '../../db/client';
import { agents, users } from '../../db/schema';

/**
 * Emails and phone numbers identify one person across owners and agents, because both sign in
 * on the same form. Returns which of the two is already taken, ignoring the given person.
 */
export async function findTaken(
  db: Db | Tx,
  input: { email?: string; phone?: string },
  ignore?: { kind: 'user' | 'agent'; id: string },
): Promise<{ email: boolean; phone: boolean }> {
  const taken = { email: false, phone: false };
  const conditionsUser = [];
  const conditionsAgent = [];
  if (input.email) {
    conditionsUser.push(eq(users.email, input.email));
    conditionsAgent.push(eq(agents.email, input.email));
  }
  if (input.phone) {
    conditionsUser.push(eq(users.phone, input.phone));
    conditionsAgent.push(eq(agents.phone, input.phone));
  }
  if (!conditionsUser.length) return taken;
  const [foundUsers, foundAgents] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(or(...conditionsUser)),
    db
      .select({ id: agents.id, email: agents.email, phone: agents.phone })
      .from(agents)
      .where(or(...conditionsAgent)),
  ]);
  for (const row of foundUsers) {
    if (ignore?.kind === 'user' && ignore.id === row.id) continue;
    if (row.email === input.email) taken.email = true;
    if (row.phone === input.phone) taken.phone = true;
  }
  for (const row of foundAgents) {
    if (ignore?.kind === 'agent' && ignore.id === row.id) continue;
    if (row.email === input.email) taken.email = true;
    if (row.phone === input.phone) taken.phone = true;
  }
  return taken;
}

/** Login identifiers: an email (lower-cased) or a phone number in any common writing. */
export function parseIdentifier(identifier: string): { email?: string; phone?: string } {
  const value = identifier.trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const phone = normalizePhone(value);
  return phone ? { phone } : { email: value.toLowerCase() };
}
