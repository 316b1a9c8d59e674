import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappAuthKeys } from '../../db/schema';
import { loadBaileys } from './baileys';

const CREDS = 'creds';

/** Writes of one account run one after another, in the order Baileys made them (reference §1.2). */
const chains = new Map<string, Promise<void>>();

function serialized(accountId: string, work: () => Promise<void>): Promise<void> {
  const previous = chains.get(accountId) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  chains.set(accountId, settled);
  void settled.then(() => {
    if (chains.get(accountId) === settled) chains.delete(accountId);
  });
  return next;
}

/** Waits for the account's queued writes (reads see everything written before them). */
function drained(accountId: string): Promise<void> {
  return chains.get(accountId) ?? Promise.resolve();
}

export interface DbAuthState {
  state: AuthenticationState;
  /** persists `state.creds` (call on 'creds.update') */
  saveCreds(): Promise<void>;
}

async function upsert(db: Db, accountId: string, category: string, keyId: string, value: string) {
  await db
    .insert(whatsappAuthKeys)
    .values({ accountId, category, keyId, value })
    .onConflictDoUpdate({
      target: [whatsappAuthKeys.accountId, whatsappAuthKeys.category, whatsappAuthKeys.keyId],
      set: { value: sql`excluded.value` },
    });
}

/**
 * Baileys' auth state on whatsapp_auth_keys (never files): the creds under category 'creds' and
 * every key type by category and id, serialised with BufferJSON; a null value deletes.
 */
export async function dbAuthState(db: Db, accountId: string): Promise<DbAuthState> {
  const { BufferJSON, initAuthCreds, proto } = await loadBaileys();
  const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
  const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

  await drained(accountId);
  const [stored] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(
      and(
        eq(whatsappAuthKeys.accountId, accountId),
        eq(whatsappAuthKeys.category, CREDS),
        eq(whatsappAuthKeys.keyId, ''),
      ),
    );
  const creds = stored ? (decode(stored.value) as AuthenticationCreds) : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const result: { [id: string]: SignalDataTypeMap[T] } = {};
        if (!ids.length) return result;
        await drained(accountId);
        const rows = await db
          .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
          .from(whatsappAuthKeys)
          .where(
            and(
              eq(whatsappAuthKeys.accountId, accountId),
              eq(whatsappAuthKeys.category, type),
              inArray(whatsappAuthKeys.keyId, ids),
            ),
          );
        for (const row of rows) {
          let value = decode(row.value);
          if (type === 'app-state-sync-key' && value) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
          }
          result[row.keyId] = value as SignalDataTypeMap[T];
        }
        return result;
      },
      async set(data: SignalDataSet) {
        await serialized(accountId, async () => {
          for (const [category, entries] of Object.entries(data)) {
            for (const [keyId, value] of Object.entries(entries ?? {})) {
              if (value === null || value === undefined) {
                await db
                  .delete(whatsappAuthKeys)
                  .where(
                    and(
                      eq(whatsappAuthKeys.accountId, accountId),
                      eq(whatsappAuthKeys.category, category),
                      eq(whatsappAuthKeys.keyId, keyId),
                    ),
                  );
              } else {
                await upsert(db, accountId, category, keyId, encode(value));
              }
            }
          }
        });
      },
    },
  };
  return {
    state,
    saveCreds: () => serialized(accountId, () => upsert(db, accountId, CREDS, '', encode(state.creds))),
  };
}

/** Deletes every key and the creds of the number (logged out, or linking again). */
export async function wipeAuth(db: Db, accountId: string): Promise<void> {
  await serialized(accountId, async () => {
    await db.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.accountId, accountId));
  });
}
