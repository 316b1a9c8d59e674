import { QueryProvider } from '../query-provider';
import { UserSessionGate } from './user-session-gate';

/** Everything under /user: the server cache and the profile gate (a chunk of its own). */
export function UserArea() {
  return (
    <QueryProvider>
      <UserSessionGate />
    </QueryProvider>
  );
}
