import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id; a const enum, so spelled out */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist (no user enumeration by timing). */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('sapa-dummy-password');
  await verifyPassword(await dummy, password);
}
