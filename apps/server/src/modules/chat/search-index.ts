/**
 * The inbox search's in-process index: for each tenant that searches, this process keeps its chats'
 * contact text, list order, filter fields and message words (from chat_search) in memory, so a search
 * picks its candidate chats here instead of making PostgreSQL read trigram posting lists. PostgreSQL
 * still has the last word: list.ts sends the candidates, together with every chat written since the
 * index last read (by transaction id, see `changeXid` in schema.ts), through one statement that
 * applies the filters and the exact match (rowMatch) and orders them. A stale index therefore costs
 * work, never a wrong answer:
 * - a chat written after the index's last read is tested by PostgreSQL whatever the index says;
 * - a chat the index holds as it was at that read is tested here exactly as PostgreSQL would;
 * - a chat deleted since stays here until the next rebuild, and PostgreSQL leaves it out.
 *
 * Only searches of printable ASCII with a word of 3 or more characters come here (see `indexable`):
 * others keep the SQL search, whose lower-casing and word splitting are PostgreSQL's own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatSearch, chats } from '../../db/schema';

/** Searches the index can answer exactly as PostgreSQL would (see the module comment). */
export function indexable(search: string): boolean {
  return /^[\x20-\x7e\t\n\r\f\v]+$/.test(search) && search.split(/\s+/).some((word) => word.length >= 3);
}

function trigrams(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= text.length; i++) {
    const gram = text.slice(i, i + 3);
    if (!out.includes(gram)) out.push(gram);
  }
  return out;
}

/** Ascending id lists' common ids. */
function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const id of a) {
    while (j < b.length && b[j]! < id) j++;
    if (j === b.length) break;
    if (b[j] === id) out.push(id);
  }
  return out;
}

/**
 * Distinct tokens (words of contacts, or of messages) with a trigram index over them for substring
 * look-ups, and each token's postings: the chats (slots) whose list holds it, or held it (a chat
 * that lost a token keeps its posting until a rebuild; matches are confirmed on the chat's own list).
 */
class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly tokens: string[] = [];
  readonly postings: number[][] = [];
  private readonly grams = new Map<string, number[]>();
  chars = 0;

  id(token: string): number {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.tokens.length;
      this.ids.set(token, id);
      this.tokens.push(token);
      this.postings.push([]);
      this.chars += token.length;
      for (const gram of trigrams(token)) {
        const list = this.grams.get(gram);
        if (list) list.push(id);
        else this.grams.set(gram, [id]);
      }
    }
    return id;
  }

  /** Ids of the tokens that contain `word` (3 characters or more) and pass `accept`. */
  matching(word: string, accept: (token: string) => boolean): number[] {
    if (word.length < 3) return this.tokens.flatMap((token, id) => (accept(token) ? [id] : []));
    const lists: number[][] = [];
    for (const gram of trigrams(word)) {
      const list = this.grams.get(gram);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    // the two rarest trigrams narrow enough; the tokens themselves decide the rest
    let candidates = lists[0]!;
    if (lists.length > 1 && candidates.length > 32) candidates = intersect(candidates, lists[1]!);
    return candidates.filter((id) => accept(this.tokens[id]!));
  }

  /** How many chats the tokens' postings name (with repeats): the cost of reading them. */
  weight(ids: number[]): number {
    let n = 0;
    for (const id of ids) n += this.postings[id]!.length;
    return n;
  }
}

/** One chat as the index reads it (build and catch-up). */
export interface IndexRow {
  id: string;
  name: string;
  phone: string;
  /** last message time in ms with the microseconds as a fraction; null without messages */
  at: number | null;
  accountId: string;
  agentId: string | null;
  labelIds: string[];
  unread: boolean;
  fromMe: boolean;
  /** chat_search.words when the row is there, complete and not stale; null when it must be read */
  words: string | null;
}

export interface IndexFilters {
  status: '' | 'unread' | 'unreplied';
  accountIds: string[];
  labelIds: string[];
  agentIds: string[];
}

export interface Candidates {
  /** chat ids in list order */
  ids: string[];
  /** no matching chat exists beyond `ids` (as the index knows them) */
  exhausted: boolean;
  /** the list time of the last id (ms with fraction; -Infinity for a chat without messages) */
  lastAt: number;
}

const NO_TOKENS = new Int32Array(0);
/** Postings read before walking the list in order instead: a common word is found among the newest. */
const POSTINGS_LIMIT = 20_000;
const MAX_WORDS = 8;

/** One tenant's index. Every method is synchronous: a search sees one consistent state. */
export class TenantSearchIndex {
  /** the oldest transaction running when the rows in here were read (xid8 as text) */
  watermark: string;
  readonly builtAt = Date.now();

  private readonly slots = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly at: number[] = [];
  private readonly contact: string[] = [];
  private readonly contactTokens: Int32Array[] = [];
  /** null: the chat's words are not known (stale, or too many to keep); PostgreSQL reads its messages */
  private readonly messageTokens: (Int32Array | null)[] = [];
  private readonly accountId: string[] = [];
  private readonly agentId: (string | null)[] = [];
  private readonly labelIds: string[][] = [];
  private readonly unread: boolean[] = [];
  private readonly unreplied: boolean[] = [];
  private readonly unknownWords = new Set<number>();
  private readonly contactVocabulary = new Vocabulary();
  private readonly messageVocabulary = new Vocabulary();

  /** slots in list order as of the last sort; `moved` holds those whose time changed (or new) since */
  private order = new Int32Array(0);
  private readonly moved = new Set<number>();
  private movedSorted: number[] | null = null;

  /** per-query scratch: a mark a slot, and a bit a search word per message token */
  private seen = new Uint32Array(0);
  private epoch = 0;
  private wordBits = new Uint8Array(0);
  private tokenCount = 0;

  constructor(watermark: string) {
    this.watermark = watermark;
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * The bytes held, roughly, for the memory budget: fitted to the heap an index of 100,000 chats with
   * 1,000,000 messages took after a full garbage collection (about 200 MB; see bench/inbox.ts).
   */
  bytes(): number {
    return (
      this.ids.length * 500 +
      this.tokenCount * 24 +
      (this.contactVocabulary.chars + this.messageVocabulary.chars) * 2 +
      (this.contactVocabulary.tokens.length + this.messageVocabulary.tokens.length) * 200
    );
  }

  /** Adds or replaces a chat. */
  put(row: IndexRow): void {
    let slot = this.slots.get(row.id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.slots.set(row.id, slot);
      this.ids.push(row.id);
      this.at.push(row.at ?? -Infinity);
      this.contact.push('');
      this.contactTokens.push(NO_TOKENS);
      this.messageTokens.push(NO_TOKENS);
      this.accountId.push(row.accountId);
      this.agentId.push(null);
      this.labelIds.push([]);
      this.unread.push(false);
      this.unreplied.push(false);
      this.moved.add(slot);
      this.movedSorted = null;
    } else {
      const at = row.at ?? -Infinity;
      if (at !== this.at[slot]) {
        this.at[slot] = at;
        this.moved.add(slot);
        this.movedSorted = null;
      }
    }
    const contact = `${row.name} ${row.phone}`.toLowerCase();
    if (contact !== this.contact[slot]) {
      this.contact[slot] = contact;
      this.contactTokens[slot] = this.tokenize(
        this.contactVocabulary,
        contact,
        this.contactTokens[slot]!,
        slot,
        false,
      );
    }
    if (row.words === null) {
      this.unknownWords.add(slot);
      this.messageTokens[slot] = null;
    } else {
      this.unknownWords.delete(slot);
      this.messageTokens[slot] = this.tokenize(
        this.messageVocabulary,
        row.words,
        this.messageTokens[slot] ?? NO_TOKENS,
        slot,
        true, // chat_search keeps each word once
      );
    }
    this.accountId[slot] = row.accountId;
    this.agentId[slot] = row.agentId;
    this.labelIds[slot] = row.labelIds;
    this.unread[slot] = row.unread;
    this.unreplied[slot] = !row.fromMe && row.at !== null;
  }

  /** Sorts again once many chats have moved since the last sort (merging them costs each walk). */
  tidy(): void {
    if (this.moved.size > 2000 + this.ids.length / 20) this.sort();
  }

  /**
   * The distinct token ids of `text` split on spaces (chat_search's words are single-spaced; a tab in
   * a contact name stays inside its token, which only makes that token longer), posting the slot
   * under the ones `before` lacked.
   */
  private tokenize(
    vocabulary: Vocabulary,
    text: string,
    before: Int32Array,
    slot: number,
    distinct: boolean,
  ): Int32Array {
    const parts = text.split(' ');
    const list = new Int32Array(parts.length);
    const had = before.length > 16 ? new Set(before) : null;
    let n = 0;
    for (const token of parts) {
      if (!token) continue;
      const id = vocabulary.id(token);
      if (!distinct && list.subarray(0, n).includes(id)) continue;
      list[n++] = id;
      if (before.length && (had ? had.has(id) : before.includes(id))) continue;
      vocabulary.postings[id]!.push(slot);
    }
    this.tokenCount += n - before.length;
    return list.slice(0, n);
  }

  /** Puts every slot in list order (after a build, and when many have moved). */
  sort(): void {
    const order = new Int32Array(this.ids.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
    this.order = order;
    this.moved.clear();
    this.movedSorted = null;
  }

  /** List order: newest last message first, chats without one last, then the id descending. */
  private before(a: number, b: number): boolean {
    const x = this.at[a]!;
    const y = this.at[b]!;
    return x > y || (x === y && this.ids[a]! > this.ids[b]!);
  }

  /**
   * The first `want` matching chats in list order (and any tied with the last), as this index knows
   * them. `text` is the trimmed search, `phone` its digits when they are searched too.
   */
  candidates(text: string, phone: string | null, filters: IndexFilters, want: number): Candidates {
    const search = text.toLowerCase();
    const words = search.split(/[ \t\n\r\f\v]+/);
    // the words of 3 or more characters drive the look-up (the longest, when there are many)
    const driving = words
      .map((word, position) => ({ word, position }))
      .filter((w) => w.word.length >= 3)
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, MAX_WORDS);
    const phrase = words.length > 1;
    const last = words.length - 1;

    // message tokens each word may sit in: in a phrase the first word ends a token, the last
    // begins one and the ones between are whole tokens
    const messageMatches = driving.map(({ word, position }) =>
      this.messageVocabulary.matching(word, (token) =>
        !phrase
          ? token.includes(word)
          : position === 0
            ? token.endsWith(word)
            : position === last
              ? token.startsWith(word)
              : token === word,
      ),
    );
    if (this.wordBits.length < this.messageVocabulary.tokens.length)
      this.wordBits = new Uint8Array(this.messageVocabulary.tokens.length * 2);
    const bits = this.wordBits;
    messageMatches.forEach((ids, k) => {
      for (const id of ids) bits[id]! |= 1 << k;
    });
    const allBits = (1 << driving.length) - 1;
    // a word in no message token: only contacts (and chats whose words are not known) can match
    const inMessages = messageMatches.every((ids) => ids.length > 0);
    try {
      const matchesText = (slot: number): boolean => {
        const contact = this.contact[slot]!;
        if (contact.includes(search) || (phone !== null && contact.includes(phone))) return true;
        const tokens = this.messageTokens[slot]!;
        if (tokens === null) return true; // PostgreSQL reads its messages
        if (!inMessages) return false;
        let found = 0;
        for (let i = 0; i < tokens.length; i++) found |= bits[tokens[i]!]!;
        return found === allBits;
      };
      const matches = (slot: number): boolean => matchesText(slot) && this.passes(slot, filters);

      // Read postings when some way in is narrow enough, else walk the list in order.
      const contactMatches = driving.map(({ word }) =>
        this.contactVocabulary.matching(word, (token) => token.includes(word)),
      );
      const phoneMatches = phone
        ? this.contactVocabulary.matching(phone, (token) => token.includes(phone))
        : [];
      const narrowest = (vocabulary: Vocabulary, lists: number[][]) =>
        lists.reduce<{ ids: number[]; weight: number }>(
          (best, ids) => {
            const weight = vocabulary.weight(ids);
            return weight < best.weight ? { ids, weight } : best;
          },
          { ids: [], weight: Infinity },
        );
      const byMessage = narrowest(this.messageVocabulary, messageMatches);
      const byContact = narrowest(this.contactVocabulary, contactMatches);
      const weight =
        byMessage.weight +
        byContact.weight +
        this.contactVocabulary.weight(phoneMatches) +
        this.unknownWords.size;
      const found: number[] = [];
      let exhausted: boolean;
      if (weight <= POSTINGS_LIMIT) {
        const epoch = this.nextEpoch();
        const seen = this.seen;
        const consider = (slot: number) => {
          if (seen[slot] === epoch) return;
          seen[slot] = epoch;
          if (matches(slot)) found.push(slot);
        };
        for (const id of byMessage.ids)
          for (const slot of this.messageVocabulary.postings[id]!) consider(slot);
        for (const id of byContact.ids)
          for (const slot of this.contactVocabulary.postings[id]!) consider(slot);
        for (const id of phoneMatches)
          for (const slot of this.contactVocabulary.postings[id]!) consider(slot);
        for (const slot of this.unknownWords) consider(slot);
        found.sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
        exhausted = found.length <= want;
        if (!exhausted) {
          let end = want;
          while (end < found.length && this.at[found[end]!] === this.at[found[want - 1]!]) end++;
          exhausted = end === found.length;
          found.length = end;
        }
      } else {
        const next = this.cursor();
        exhausted = true;
        for (let slot = next(); slot >= 0; slot = next()) {
          if (found.length >= want && this.at[slot] !== this.at[found[found.length - 1]!]) {
            exhausted = false;
            break;
          }
          if (matches(slot)) found.push(slot);
        }
      }
      return {
        ids: found.map((slot) => this.ids[slot]!),
        exhausted,
        lastAt: found.length ? this.at[found[found.length - 1]!]! : Infinity,
      };
    } finally {
      for (const ids of messageMatches) for (const id of ids) bits[id] = 0;
    }
  }

  private passes(slot: number, f: IndexFilters): boolean {
    if (f.status === 'unread' && !this.unread[slot]) return false;
    if (f.status === 'unreplied' && !this.unreplied[slot]) return false;
    if (f.accountIds.length && !f.accountIds.includes(this.accountId[slot]!)) return false;
    if (f.agentIds.length && !f.agentIds.includes(this.agentId[slot] ?? '')) return false;
    if (f.labelIds.length && !this.labelIds[slot]!.some((id) => f.labelIds.includes(id))) return false;
    return true;
  }

  private nextEpoch(): number {
    if (this.seen.length < this.ids.length) this.seen = new Uint32Array(this.ids.length * 2);
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /** Slots in list order: the sorted ones merged with those moved since the sort. */
  private cursor(): () => number {
    if (!this.movedSorted) {
      this.movedSorted = [...this.moved].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
    }
    const order = this.order;
    const moved = this.moved;
    const movedSorted = this.movedSorted;
    let i = 0;
    let j = 0;
    return () => {
      while (i < order.length && moved.has(order[i]!)) i++;
      const a = i < order.length ? order[i]! : -1;
      const b = j < movedSorted.length ? movedSorted[j]! : -1;
      if (a < 0 && b < 0) return -1;
      if (b < 0 || (a >= 0 && this.before(a, b))) {
        i++;
        return a;
      }
      j++;
      return b;
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the rows, and the indexes of this process

/** Rows read a statement while building: each batch holds the event loop for a few tens of ms. */
const BATCH = 2000;

interface RawRow {
  id: string;
  contact_name: string;
  contact_phone: string;
  at: number | null;
  account_id: string;
  agent_id: string | null;
  label_ids: string[];
  unread: boolean;
  from_me: boolean;
  words: string | null;
  has_words: boolean;
}

const toRow = (r: RawRow): IndexRow => ({
  id: r.id,
  name: r.contact_name,
  phone: r.contact_phone,
  at: r.at === null ? null : Number(r.at),
  accountId: r.account_id,
  agentId: r.agent_id,
  labelIds: r.label_ids,
  unread: r.unread,
  fromMe: r.from_me,
  // a chat without a chat_search row has no words (its messages have no text)
  words: r.has_words ? r.words : '',
});

/** The list time as the index and the search's statement both read it: ms with microseconds. */
export const listTime = sql<number | null>`(extract(epoch from ${chats.lastMessageAt}) * 1000)::float8`;

const rowColumns = sql`${chats.id} as id, ${chats.contactName} as contact_name, ${chats.contactPhone} as contact_phone,
  ${listTime} as at, ${chats.accountId} as account_id, ${chats.agentId} as agent_id, ${chats.labelIds} as label_ids,
  ${chats.unreadCount} > 0 as unread, ${chats.lastMessageIsFromMe} as from_me,
  case when ${chatSearch.complete} and not ${chatSearch.stale} then ${chatSearch.words} end as words,
  ${chatSearch.chatId} is not null as has_words`;

/** The oldest transaction still running now: everything older is committed (or never will be). */
async function snapshotXmin(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as w`,
  )) as unknown as {
    rows: { w: string }[];
  };
  return result.rows[0]!.w;
}

/** The ids of the tenant's chats written by transactions from `watermark` on (migration 0009). */
export function changedSince(ownerId: unknown, watermark: unknown): SQL {
  return sql`sapa_changed_chats(${ownerId}, ${watermark}::xid8)`;
}

async function build(db: Db, ownerId: string): Promise<TenantSearchIndex> {
  const index = new TenantSearchIndex(await snapshotXmin(db));
  let after = '';
  for (;;) {
    const result = (await db.execute(sql`select ${rowColumns} from ${chats}
      left join ${chatSearch} on ${chatSearch.chatId} = ${chats.id}
      where ${chats.ownerId} = ${ownerId} and ${chats.id} > ${after}
      order by ${chats.id} limit ${BATCH}`)) as unknown as { rows: RawRow[] };
    for (const raw of result.rows) index.put(toRow(raw));
    if (result.rows.length < BATCH) break;
    after = result.rows[result.rows.length - 1]!.id;
  }
  index.sort();
  return index;
}

/** Reads what changed since the index's watermark into it. */
async function catchUp(db: Db, ownerId: string, index: TenantSearchIndex): Promise<void> {
  const next = await snapshotXmin(db);
  const result = (await db.execute(sql`select ${rowColumns} from ${chats}
    left join ${chatSearch} on ${chatSearch.chatId} = ${chats.id}
    where ${chats.ownerId} = ${ownerId} and ${chats.id} = any(${changedSince(ownerId, index.watermark)})`)) as unknown as {
    rows: RawRow[];
  };
  for (const raw of result.rows) index.put(toRow(raw));
  index.tidy();
  index.watermark = next;
}

interface Entry {
  index: TenantSearchIndex | null;
  building: Promise<TenantSearchIndex | null> | null;
  catchingUp: Promise<void> | null;
  caughtUpAt: number;
  usedAt: number;
  /** a failed or too large build is not tried again before this time */
  retryAt: number;
}

/** How long a first search waits for its tenant's index before it searches through SQL. */
export const INDEX_WAIT_MS = 250;
/** An index is read again from scratch this often while used (it forgets deleted chats). */
const REBUILD_MS = 6 * 3600_000;
/** An index no search used for this long is dropped. */
const IDLE_MS = 15 * 60_000;
/** Searches bring their index up to date at most this often (what changed since is PostgreSQL's to test). */
const CATCH_UP_MS = 200;

/** Where the indexes report (the app's logger). */
export interface IndexLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The search indexes of one process, for one database. */
export class SearchIndexes {
  private readonly entries = new Map<string, Entry>();
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly db: Db,
    private readonly maxBytes: number,
    private readonly log: IndexLog,
  ) {
    this.onError = (error) => log.error({ err: error }, 'chat search index failed');
  }

  /**
   * The tenant's index when it is ready (or becomes ready within `waitMs`); null while it is being
   * built, or when it cannot be kept. Starts the build, a catch-up or a rebuild as needed.
   */
  async get(ownerId: string, waitMs = INDEX_WAIT_MS): Promise<TenantSearchIndex | null> {
    const now = Date.now();
    this.dropIdle(now);
    let entry = this.entries.get(ownerId);
    if (!entry) {
      entry = { index: null, building: null, catchingUp: null, caughtUpAt: now, usedAt: now, retryAt: 0 };
      this.entries.set(ownerId, entry);
    }
    entry.usedAt = now;
    const current = entry;
    if (current.index) {
      if (!current.building && now - current.index.builtAt > REBUILD_MS) this.startBuild(ownerId, current);
      if (!current.catchingUp && now - current.caughtUpAt >= CATCH_UP_MS) {
        const index = current.index;
        current.caughtUpAt = now;
        current.catchingUp = catchUp(this.db, ownerId, index)
          .catch(this.onError)
          .finally(() => {
            current.catchingUp = null;
          });
      }
      return current.index;
    }
    if (!current.building && now >= current.retryAt) this.startBuild(ownerId, current);
    if (!current.building) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      return await Promise.race([current.building, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads what changed into the tenant's index now (after a catch-up already running). */
  async refresh(ownerId: string): Promise<void> {
    const entry = this.entries.get(ownerId);
    if (!entry?.index) return;
    await entry.catchingUp;
    await catchUp(this.db, ownerId, entry.index);
  }

  /** Drops every index (tests, and a process that stops). */
  clear(): void {
    this.entries.clear();
  }

  private startBuild(ownerId: string, entry: Entry): void {
    const started = Date.now();
    entry.building = build(this.db, ownerId)
      .then((index) => {
        if (this.entries.get(ownerId) !== entry) return null;
        entry.caughtUpAt = started;
        const fields = { ownerId, chats: index.size, ms: Date.now() - started, mb: index.bytes() >> 20 };
        if (index.bytes() > this.maxBytes) {
          this.log.info({ ...fields, maxMb: this.maxBytes >> 20 }, 'chat search index too large to keep');
          entry.index = null;
          entry.retryAt = Date.now() + REBUILD_MS;
          return null;
        }
        entry.index = index;
        this.log.info(fields, 'chat search index built');
        this.keepWithinBudget(ownerId);
        return index;
      })
      .catch((error: unknown) => {
        this.onError(error);
        entry.retryAt = Date.now() + 60_000;
        return null;
      })
      .finally(() => {
        entry.building = null;
      });
  }

  private keepWithinBudget(keep: string): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.index?.bytes() ?? 0;
    const oldestFirst = [...this.entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [ownerId, entry] of oldestFirst) {
      if (total <= this.maxBytes) break;
      if (ownerId === keep || !entry.index) continue;
      total -= entry.index.bytes();
      this.entries.delete(ownerId);
    }
  }

  private dropIdle(now: number): void {
    for (const [ownerId, entry] of this.entries) {
      if (now - entry.usedAt > IDLE_MS && !entry.building) this.entries.delete(ownerId);
    }
  }
}

const registries = new WeakMap<Db, SearchIndexes>();

/** This process's search indexes over `db`. */
export function searchIndexesOf(db: Db, maxBytes: number, log: IndexLog): SearchIndexes {
  let indexes = registries.get(db);
  if (!indexes) registries.set(db, (indexes = new SearchIndexes(db, maxBytes, log)));
  return indexes;
}
