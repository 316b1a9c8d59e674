import type { AuthContext } from './sessions';
import { AppError } from '../../lib/errors';

/** The tenant and (for agents) the agent behind a session: every chat query is scoped by ownerId. */
export interface Actor {
  ownerId: string;
  agentId: string | null;
}

export function actorOf(auth: AuthContext): Actor {
  if (!auth.ownerId || auth.kind === 'admin') throw new AppError('FORBIDDEN');
  return { ownerId: auth.ownerId, agentId: auth.kind === 'agent' ? auth.subjectId : null };
}
