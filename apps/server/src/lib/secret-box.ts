import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets at rest (issue 25 part 2): channel tokens and other credentials are stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under the configured key, so a copy of the
 * table (a backup, a read replica, a leaked dump) tells nothing without the key.
 */
const VERSION = 'v1';

/** The key could not be found: nothing secret can be stored or read (the operator must set it). */
export class SecretKeyMissing extends Error {
  constructor() {
    super('SAPA_SECRET_KEY is not set');
  }
}

const keys = new WeakMap<Config, Buffer | null>();

/**
 * SAPA_SECRET_KEY, or on a developer's own machine (no DATABASE_URL, loopback HOST) a key made once
 * in the data folder (secret.key, mode 0600). Null when neither: a shared deployment must set it.
 */
export function secretKeyOf(config: Config): Buffer | null {
  const known = keys.get(config);
  if (known !== undefined) return known;
  let key: Buffer | null = config.secretKey ?? null;
  if (!key && config.local) {
    const file = path.join(config.dataDir, 'secret.key');
    try {
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    } catch {
      fs.mkdirSync(config.dataDir, { recursive: true });
      const made = randomBytes(32);
      try {
        fs.writeFileSync(file, made.toString('hex'), { mode: 0o600, flag: 'wx' });
        key = made;
      } catch {
        // another process made it first
        key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
      }
    }
    if (key.length !== 32) key = null;
  }
  keys.set(config, key);
  return key;
}

/** Whether secrets can be kept (the integration tabs say plainly when not). */
export function canKeepSecrets(config: Config): boolean {
  return secretKeyOf(config) !== null;
}

export function seal(config: Config, plain: string): string {
  const key = secretKeyOf(config);
  if (!key) throw new SecretKeyMissing();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text of a sealed value; throws when the key is missing or the value was tampered with. */
export function open(config: Config, sealed: string): string {
  const key = secretKeyOf(config);
  if (!key) throw new SecretKeyMissing();
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
