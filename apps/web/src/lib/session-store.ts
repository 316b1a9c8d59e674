import { STORAGE_KEYS, type AdminProfile, type UserProfile } from '@sapa/contracts';

/** The stored session of spec §3: profile plus token and the flags the route guard reads. */
export interface Session {
  token: string;
  user?: UserProfile;
  admin?: AdminProfile;
  isAdmin: boolean;
  /** True when the signed-in person is an agent of the owner in `user`. */
  agent: boolean;
  isBetaUser: boolean;
  needVerification: boolean;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let cached: { raw: string | null; session: Session | null } | null = null;
let lastSetAt = 0;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.session);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (!value || typeof value.token !== 'string' || !value.token) return null;
    return {
      token: value.token,
      user: value.user,
      admin: value.admin,
      isAdmin: value.isAdmin === true,
      agent: value.agent === true,
      isBetaUser: value.isBetaUser === true,
      needVerification: value.needVerification === true,
    };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Builds a session from a user login or profile refresh. */
export function sessionFromUser(token: string, user: UserProfile): Session {
  return {
    token,
    user,
    isAdmin: false,
    agent: user.agent !== null,
    isBetaUser: user.isBetaUser,
    needVerification: user.needVerification,
  };
}

/** Builds a session from an admin login or profile refresh. */
export function sessionFromAdmin(token: string, admin: AdminProfile): Session {
  return { token, admin, isAdmin: true, agent: false, isBetaUser: false, needVerification: false };
}

/** The session in localStorage, with a snapshot that stays the same object until it changes. */
export const sessionStore = {
  get(): Session | null {
    const raw = readStorage();
    if (!cached || cached.raw !== raw) cached = { raw, session: parse(raw) };
    return cached.session;
  },
  set(session: Session): void {
    lastSetAt = Date.now();
    try {
      window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
    } catch {
      // Storage full or disabled: the session then lives only as long as this page.
      cached = { raw: null, session };
    }
    emit();
  },
  /** Replaces the profile of the current session, keeping its token. */
  setUser(user: UserProfile): void {
    const current = sessionStore.get();
    if (current) sessionStore.set(sessionFromUser(current.token, user));
  },
  setAdmin(admin: AdminProfile): void {
    const current = sessionStore.get();
    if (current) sessionStore.set(sessionFromAdmin(current.token, admin));
  },
  clear(): void {
    try {
      window.localStorage.removeItem(STORAGE_KEYS.session);
    } catch {
      // nothing stored
    }
    cached = { raw: null, session: null };
    lastSetAt = 0;
    emit();
  },
  /** When this page last wrote the session (0 after a reload): a just-signed-in profile is fresh. */
  setAt(): number {
    return lastSetAt;
  },
  token(): string {
    return sessionStore.get()?.token ?? '';
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.session || event.key === null) emit();
  });
}
