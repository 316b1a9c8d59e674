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

/** Ascending id lists' common ids (b searched by halves when much longer than a). */
function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let j = 0;
  const gallop = b.length > a.length * 8;
  for (const id of a) {
    if (gallop) {
      let hi = b.length;
      while (j < hi) {
        const mid = (j + hi) >>> 1;
        if (b[mid]! < id) j = mid + 1;
        else hi = mid;
      }
    } else while (j < b.length && b[j]! < id) j++;
    if (j === b.length) break;
    if (b[j] === id) out.push(id);
  }
  return out;
}

function listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
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
  /**
   * With `edges`: the tokens by their first one and two characters, and by their last: a phrase's
   * first and last words of one or two characters ('pesanan 57') are looked up there.
   */
  private readonly starts = new Map<string, number[]>();
  private readonly ends = new Map<string, number[]>();
  chars = 0;

  constructor(private readonly edges = false) {}

  id(token: string): number {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.tokens.length;
      this.ids.set(token, id);
      this.tokens.push(token);
      this.postings.push([]);
      this.chars += token.length;
      for (const gram of trigrams(token)) listOf(this.grams, gram).push(id);
      if (this.edges && token) {
        listOf(this.starts, token.slice(0, 1)).push(id);
        listOf(this.ends, token.slice(-1)).push(id);
        if (token.length >= 2) {
          listOf(this.starts, token.slice(0, 2)).push(id);
          listOf(this.ends, token.slice(-2)).push(id);
        }
      }
    }
    return id;
  }

  /** The tokens beginning with `word` (one or two characters); null without `edges`. */
  startingWith(word: string): number[] | null {
    return this.edges ? (this.starts.get(word) ?? []) : null;
  }

  /** The tokens ending with `word` (one or two characters); null without `edges`. */
  endingWith(word: string): number[] | null {
    return this.edges ? (this.ends.get(word) ?? []) : null;
  }

  /**
   * Ids of the tokens that contain `word` (3 characters or more) and pass `accept`; null when more
   * than `limit` tokens share its rarest trigram (listing them would cost more than it saves).
   */
  matching(word: string, accept: (token: string) => boolean, limit = Infinity): number[] | null {
    const lists: number[][] = [];
    for (const gram of trigrams(word)) {
      const list = this.grams.get(gram);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    if (lists[0]!.length > limit) return null;
    // the two rarest trigrams narrow enough; the tokens themselves decide the rest
    let candidates = lists[0]!;
    if (lists.length > 1 && candidates.length > 32) candidates = intersect(candidates, lists[1]!);
    return candidates.filter((id) => accept(this.tokens[id]!));
  }

  /** The id of `token` as a list, or none. */
  exactly(token: string): number[] {
    const id = this.ids.get(token);
    return id === undefined ? [] : [id];
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
  /** the conversation's state (open, resolved, snoozed) */
  state: string;
  /** chat_search.words when the row is there, complete and not stale; null when it must be read */
  words: string | null;
}

export interface IndexFilters {
  status: '' | 'unread' | 'unreplied';
  accountIds: string[];
  labelIds: string[];
  agentIds: string[];
  state: 'open' | 'resolved' | 'snoozed' | 'all';
  assignee: '' | 'me' | 'none';
  /** the agent 'me' stands for (list-query.ts mine) */
  me: string;
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
/** Chats a walk for a side too common to list tests at least before listing it (see candidates). */
const WALK_LIMIT = 1_000;
const MAX_WORDS = 8;
/** A word whose rarest trigram is in more tokens than this is not looked up: the list is walked. */
const TOKEN_SCAN_LIMIT = 5_000;
const ON_CONTACT_SIDE = 1;
const ON_MESSAGE_SIDE = 2;

/** The k-th largest (1-based) of the first n values (reordered in place): quickselect. */
function nthLargest(values: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}

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
  private readonly state: string[] = [];
  private readonly unknownWords = new Set<number>();
  private readonly contactVocabulary = new Vocabulary();
  private readonly messageVocabulary = new Vocabulary(true);

  /** slots in list order as of the last sort; `moved` holds those whose time changed (or new) since */
  private order = new Int32Array(0);
  private readonly moved = new Set<number>();
  private movedSorted: number[] | null = null;

  /**
   * Per-search scratch: a mark per slot (`seen`), and per message token the mark of the search that
   * last tested it (`stamps`) with a bit per search word it holds (`tokenBits`). Marks only grow, so
   * nothing is cleared between searches.
   */
  private seen = new Uint32Array(0);
  private stamps = new Uint32Array(0);
  private tokenBits = new Uint8Array(0);
  private epoch = 0;
  /** per slot, during a walk: whether it is on the contact side's list, the message side's (cleared after) */
  private sideFlags = new Uint8Array(0);
  /** scratch of firstInOrder */
  private times = new Float64Array(0);
  private tokenCount = 0;

  /**
   * `limits` are POSTINGS_LIMIT and WALK_LIMIT unless a test shrinks them to reach, with a few
   * thousand chats, the paths that 100,000 take.
   */
  constructor(
    watermark: string,
    private readonly limits = { postings: POSTINGS_LIMIT, walk: WALK_LIMIT },
  ) {
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
      (this.contactVocabulary.tokens.length + this.messageVocabulary.tokens.length) * 200 +
      // the message tokens by their first and last characters (two lists each)
      this.messageVocabulary.tokens.length * 32
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
      this.state.push('open');
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
      const before = this.contactTokens[slot]!;
      const after = this.tokenize(this.contactVocabulary, contact, before, slot, false);
      this.contactTokens[slot] = after;
      // contact postings stay exact (a one-word search then needs no look at the chat's text)
      for (const id of before) {
        if (after.includes(id)) continue;
        const list = this.contactVocabulary.postings[id]!;
        const at = list.indexOf(slot);
        if (at >= 0) {
          list[at] = list[list.length - 1]!;
          list.pop();
        }
      }
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
    this.state[slot] = row.state;
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
   *
   * Two ways to find them, chosen by cost:
   * - read postings: the chats holding a token that contains each search word, intersected over the
   *   words (per side: contacts, messages), each tested, then sorted;
   * - walk the list in order, testing each chat, until `want` are found: cheap for a word found in
   *   many chats (the newest hold it), and the only way when some word is in too many tokens to list.
   * A walk expected to be cheaper than the postings runs first, within the postings' cost; when it
   * finds too few within that, the postings answer.
   */
  candidates(text: string, phone: string | null, filters: IndexFilters, want: number): Candidates {
    const search = text.toLowerCase();
    const words = search.split(/[ \t\n\r\f\v]+/);
    // Every word (the longest, when there are many) is looked up and tested against a chat's message
    // tokens; the words of 3 or more characters also look up contacts. A short word narrows too:
    // 'pesanan 57' tested only on 'pesanan' sent PostgreSQL thousands of chats holding an order.
    const tested = words
      .map((word, position) => ({ word, position }))
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, MAX_WORDS);
    const driving = tested.filter((w) => w.word.length >= 3);
    const phrase = words.length > 1;
    const last = words.length - 1;
    // the message tokens each word may sit in: in a phrase the first word ends a token, the last
    // begins one and the ones between are whole tokens
    const accepts = tested.map(({ word, position }): ((token: string) => boolean) =>
      !phrase
        ? (token) => token.includes(word)
        : position === 0
          ? (token) => token.endsWith(word)
          : position === last
            ? (token) => token.startsWith(word)
            : (token) => token === word,
    );
    const allBits = (1 << tested.length) - 1;
    const vocabulary = this.messageVocabulary;
    const tokens = vocabulary.tokens;
    // which words each message token holds, worked out the first time a search meets the token
    const stamp = this.tokenStamp(vocabulary.tokens.length);
    const bits = this.tokenBits;
    const query = this.nextEpoch();
    const tokenBits = (id: number): number => {
      if (stamp[id] === query) return bits[id]!;
      let b = 0;
      for (let k = 0; k < accepts.length; k++) if (accepts[k]!(tokens[id]!)) b |= 1 << k;
      stamp[id] = query;
      bits[id] = b;
      return b;
    };
    // The token lists of each word per side (null: too many tokens to list them), looked up once
    const messageLists = tested.map(({ word, position }, k) => {
      // a word between others is a whole token, looked up as it is
      if (phrase && position !== 0 && position !== last) return vocabulary.exactly(word);
      if (word.length >= 3) return vocabulary.matching(word, accepts[k]!, TOKEN_SCAN_LIMIT);
      // a short first or last word by how tokens end or begin (a short word alone is not indexable)
      if (!phrase) return null;
      return position === 0 ? vocabulary.endingWith(word) : vocabulary.startingWith(word);
    });
    const contactLists = driving.map(({ word }) =>
      this.contactVocabulary.matching(word, (token) => token.includes(word), TOKEN_SCAN_LIMIT),
    );
    const phoneLists =
      phone === null
        ? null
        : [this.contactVocabulary.matching(phone, (token) => token.includes(phone), TOKEN_SCAN_LIMIT)];
    // The chats each side can match through, when none of its words is in more than `limit` chats
    const contactsWithin = (limit: number): number[] | null => {
      const byName = this.side(this.contactVocabulary, contactLists, limit);
      if (byName === null || phoneLists === null) return byName;
      const byPhone = this.side(this.contactVocabulary, phoneLists, limit);
      return byPhone === null ? null : byName.concat(byPhone);
    };
    const messageSide = this.side(vocabulary, messageLists, this.limits.postings);
    const contactSide = contactsWithin(this.limits.postings);
    // Testing a chat: its contact text, then its message tokens - each unless that side is listed
    // without the chat (`flags`, set for a walk only: the postings know which side a chat came from).
    if (this.sideFlags.length < this.ids.length) this.sideFlags = new Uint8Array(this.ids.length * 2);
    const flags = this.sideFlags;
    let listed = 0;
    const byContact = (slot: number): boolean => {
      const contact = this.contact[slot]!;
      return contact.includes(search) || (phone !== null && contact.includes(phone));
    };
    // A word holds no whitespace, so it is in the contact text exactly when it is in one of the
    // contact's tokens, and contact postings are exact: a chat on the contact side of a one-word
    // search matches by its contact without a look at its text. A phrase is confirmed on the text.
    const contactSure = !phrase;
    const matches = (slot: number): boolean => {
      const flag = flags[slot]!;
      const contactListed = (listed & ON_CONTACT_SIDE) !== 0;
      const onContactSide = (flag & ON_CONTACT_SIDE) !== 0;
      const contactMatch = contactListed
        ? onContactSide && (contactSure || byContact(slot))
        : byContact(slot);
      if (!contactMatch) {
        const list = this.messageTokens[slot]!;
        if (list !== null) {
          if (listed & ON_MESSAGE_SIDE && !(flag & ON_MESSAGE_SIDE)) return false;
          let found = 0;
          for (let i = 0; i < list.length && found !== allBits; i++) found |= tokenBits(list[i]!);
          if (found !== allBits) return false;
        } // else PostgreSQL reads its messages
      }
      return this.passes(slot, filters);
    };
    // a walk marks the chats of each listed side, so it passes the others by without reading them
    const walk = (budget: number): Candidates | null => {
      if (contactSide) for (const slot of contactSide) flags[slot]! |= ON_CONTACT_SIDE;
      if (messageSide) for (const slot of messageSide) flags[slot]! |= ON_MESSAGE_SIDE;
      listed = (contactSide ? ON_CONTACT_SIDE : 0) | (messageSide ? ON_MESSAGE_SIDE : 0);
      try {
        return this.walk(matches, want, budget);
      } finally {
        listed = 0;
        if (contactSide) for (const slot of contactSide) flags[slot] = 0;
        if (messageSide) for (const slot of messageSide) flags[slot] = 0;
      }
    };

    const postings =
      messageSide !== null && contactSide !== null
        ? messageSide.length + contactSide.length + this.unknownWords.size
        : Infinity;
    if (postings === Infinity) {
      // A side too common to list: its chats are met among the newest, so the list is walked, up to
      // half the chats listing the sides would read (at least WALK_LIMIT). A common word missing from the newest chats (a day of orders that never
      // name the product) walked the whole list otherwise: ~0.7 µs a chat, 70 ms for 100,000, with
      // the event loop held. Then the sides are listed however common; their chats that pass the
      // filters are tested newest first, a few more than wanted at a time (a common word's chats
      // mostly match). Only a side whose words cannot be listed at all is walked to the end.
      const rarest = (vocab: Vocabulary, lists: (number[] | null)[]) =>
        Math.min(...lists.map((ids) => (ids === null ? Infinity : vocab.weight(ids))));
      const listing =
        (messageSide?.length ?? rarest(vocabulary, messageLists)) +
        (contactSide?.length ??
          rarest(this.contactVocabulary, contactLists) +
            (phoneLists ? rarest(this.contactVocabulary, phoneLists) : 0)) +
        this.unknownWords.size;
      // as for a side listed (below): the walk gives up after about half the listing's work
      const walked = walk(Math.max(this.limits.walk, listing / 2));
      if (walked) return walked;
      const messages = messageSide ?? this.side(vocabulary, messageLists, Infinity);
      const contacts = contactSide ?? contactsWithin(Infinity);
      if (messages === null || contacts === null) return walk(Infinity)!;
      const found: number[] = [];
      const seen = this.seen;
      const mark = this.nextEpoch();
      for (const side of [messages, contacts, this.unknownWords]) {
        for (const slot of side) {
          if (seen[slot] === mark) continue;
          seen[slot] = mark;
          if (this.passes(slot, filters)) found.push(slot);
        }
      }
      return this.firstMatching(found, want, matches);
    }
    // Matches spread evenly through the list would be met every size / postings chats. A walk
    // gives up after half the postings' work, so guessing wrong costs at most half again.
    const expectedWalk = (want * this.ids.length) / Math.max(1, postings);
    if (expectedWalk * 4 < postings) {
      const answer = walk(postings / 2);
      if (answer) return answer;
    }
    const found: number[] = [];
    const seen = this.seen;
    const mark = this.nextEpoch();
    for (const slot of messageSide!) {
      if (seen[slot] === mark) continue;
      seen[slot] = mark;
      if (matches(slot)) found.push(slot);
    }
    // a chat only on the contact side matches by its contact (or by messages PostgreSQL reads)
    for (const slot of contactSide!) {
      if (seen[slot] === mark) continue;
      seen[slot] = mark;
      if ((contactSure || byContact(slot) || this.messageTokens[slot] === null) && this.passes(slot, filters))
        found.push(slot);
    }
    for (const slot of this.unknownWords) {
      if (seen[slot] === mark) continue;
      seen[slot] = mark;
      if (this.passes(slot, filters)) found.push(slot);
    }
    return this.firstInOrder(found, want);
  }

  /**
   * The list walked in order, testing each chat, until `want` match (and those tied with the last);
   * null when more than `budget` chats were tested first.
   */
  private walk(matches: (slot: number) => boolean, want: number, budget: number): Candidates | null {
    const found: number[] = [];
    const next = this.cursor();
    let tested = 0;
    for (let slot = next(); slot >= 0; slot = next()) {
      if (found.length >= want && this.at[slot] !== this.at[found[found.length - 1]!]) {
        return this.answer(found, false);
      }
      if (++tested > budget) return null;
      if (matches(slot)) found.push(slot);
    }
    return this.answer(found, true);
  }

  /**
   * The first `want` of `found` in list order, with those tied with the last: the times at or after
   * the want-th newest are picked in one pass (a full sort of a few thousand matches cost ~1 ms),
   * then only those are sorted.
   */
  private firstInOrder(found: number[], want: number): Candidates {
    const picked = this.newest(found, want);
    return this.answer(picked, picked.length === found.length);
  }

  /** The newest `take` of `slots` in list order, with those tied with the last. */
  private newest(slots: number[], take: number): number[] {
    let picked = slots;
    if (slots.length > take) {
      if (this.times.length < slots.length) this.times = new Float64Array(slots.length * 2);
      const times = this.times;
      for (let i = 0; i < slots.length; i++) times[i] = this.at[slots[i]!]!;
      const cut = nthLargest(times, slots.length, take);
      picked = slots.filter((slot) => this.at[slot]! >= cut);
    }
    return picked.sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }

  /**
   * The first `want` of `candidates` (in no order) that match, in list order with those tied with
   * the last: the newest few are tested, then four times as many, until enough match. Every
   * candidate left out is older than the last one taken.
   */
  private firstMatching(candidates: number[], want: number, matches: (slot: number) => boolean): Candidates {
    for (let take = want * 2; ; take *= 4) {
      const picked = this.newest(candidates, take);
      const all = picked.length === candidates.length;
      const matching = picked.filter(matches);
      if (matching.length >= want || all) {
        let end = Math.min(want, matching.length);
        while (end > 0 && end < matching.length && this.at[matching[end]!] === this.at[matching[end - 1]!])
          end++;
        return this.answer(matching.slice(0, end), all && end === matching.length);
      }
    }
  }

  private answer(found: number[], exhausted: boolean): Candidates {
    return {
      ids: found.map((slot) => this.ids[slot]!),
      exhausted,
      lastAt: found.length ? this.at[found[found.length - 1]!]! : Infinity,
    };
  }

  /**
   * The chats holding, for every word, a token of its list (`lists[k]`: the token ids word k may sit
   * in; null when too many to list): the postings of the rarest word, narrowed by the others while
   * that is cheaper than testing the chats left. Null when no word can be listed, or the rarest is in
   * more than `limit` chats: the list is walked then.
   */
  private side(vocabulary: Vocabulary, lists: (number[] | null)[], limit: number): number[] | null {
    const known = lists
      .filter((ids): ids is number[] => ids !== null)
      .map((ids) => ({ ids, weight: vocabulary.weight(ids) }))
      .sort((a, b) => a.weight - b.weight);
    if (!known.length || known[0]!.weight > limit) return null;
    const seen = this.seen;
    const base = this.nextEpoch(known.length);
    let slots: number[] = [];
    for (const id of known[0]!.ids) {
      for (const slot of vocabulary.postings[id]!) {
        if (seen[slot] === base) continue;
        seen[slot] = base;
        slots.push(slot);
      }
    }
    // a chat holding words 0..k is marked base + k
    for (let k = 1; k < known.length; k++) {
      if (known[k]!.weight > slots.length * 8) break;
      let kept = 0;
      for (const id of known[k]!.ids) {
        for (const slot of vocabulary.postings[id]!) {
          if (seen[slot] === base + k - 1) {
            seen[slot] = base + k;
            kept++;
          }
        }
      }
      const narrowed: number[] = new Array<number>(kept);
      let n = 0;
      for (const slot of slots) if (seen[slot] === base + k) narrowed[n++] = slot;
      slots = narrowed;
    }
    return slots;
  }

  private passes(slot: number, f: IndexFilters): boolean {
    if (f.status === 'unread' && !this.unread[slot]) return false;
    if (f.status === 'unreplied' && !this.unreplied[slot]) return false;
    if (f.accountIds.length && !f.accountIds.includes(this.accountId[slot]!)) return false;
    if (f.agentIds.length && !f.agentIds.includes(this.agentId[slot] ?? '')) return false;
    if (f.labelIds.length && !this.labelIds[slot]!.some((id) => f.labelIds.includes(id))) return false;
    if (f.state !== 'all' && this.state[slot] !== f.state) return false;
    if (f.assignee === 'me' && this.agentId[slot] !== f.me) return false;
    if (f.assignee === 'none' && this.agentId[slot] !== null) return false;
    return true;
  }

  /** A fresh mark for `seen` (and `count - 1` more after it), above every mark in it. */
  private nextEpoch(count = 1): number {
    if (this.seen.length < this.ids.length) this.seen = new Uint32Array(this.ids.length * 2);
    if (this.epoch + count >= 0xffffffff) {
      this.seen.fill(0);
      this.stamps.fill(0);
      this.epoch = 0;
    }
    const first = this.epoch + 1;
    this.epoch += count;
    return first;
  }

  /** The per-token scratch of a search (see candidates), for a vocabulary of `tokens`. */
  private tokenStamp(tokens: number): Uint32Array {
    if (this.stamps.length < tokens) {
      this.stamps = new Uint32Array(tokens * 2);
      this.tokenBits = new Uint8Array(tokens * 2);
    }
    return this.stamps;
  }

  /** Slots in list order: the sorted ones merged with those moved since the sort. */
  private cursor(): () => number {
    const order = this.order;
    let i = 0;
    if (this.moved.size === 0) return () => (i < order.length ? order[i++]! : -1);
    if (!this.movedSorted) {
      this.movedSorted = [...this.moved].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
    }
    const moved = this.moved;
    const movedSorted = this.movedSorted;
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
  state: string;
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
  state: r.state,
  // a chat without a chat_search row has no words (its messages have no text)
  words: r.has_words ? r.words : '',
});

/** The list time as the index and the search's statement both read it: ms with microseconds. */
export const listTime = sql<number | null>`(extract(epoch from ${chats.lastMessageAt}) * 1000)::float8`;

/**
 * What the index holds of a chat. A change of any of these columns stamps the chat's change_xid (the
 * trigger of migration 0026 lists them): a column added here must be added there.
 */
const rowColumns = sql`${chats.id} as id, ${chats.contactName} as contact_name, ${chats.contactPhone} as contact_phone,
  ${listTime} as at, ${chats.accountId} as account_id, ${chats.agentId} as agent_id, ${chats.labelIds} as label_ids,
  ${chats.unreadCount} > 0 as unread, ${chats.lastMessageIsFromMe} as from_me,
  ${chats.conversationState} as state,
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
