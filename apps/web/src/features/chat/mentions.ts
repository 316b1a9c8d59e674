import type { Teammate } from '@sapa/contracts';

/** The '@word' being typed before the caret, if any: where its '@' is and what follows it. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  // an '@' inside a word (an e-mail address) starts no mention
  if (start > 0 && !/\s/.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (query.length > 30 || /[\n@]/.test(query) || /\s\s/.test(query)) return null;
  return { start, query };
}

/** The teammates whose name has a word starting with the query (case-insensitive), 8 at most. */
export function matchTeammates(teammates: readonly Teammate[], query: string): Teammate[] {
  const q = query.trim().toLowerCase();
  const out = teammates.filter((t) => {
    if (!q) return true;
    const name = t.name.toLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  });
  return out.slice(0, 8);
}

/** Puts '@Name ' in place of the '@query' typed; returns the new text and where the caret goes. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const end = at.start + 1 + at.query.length;
  const inserted = `@${name} `;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** The picked teammates whose '@Name' is still in the text (one id each). */
export function keptMentions(text: string, picked: readonly Teammate[]): string[] {
  const ids = new Set<string>();
  for (const t of picked) if (text.includes(`@${t.name}`)) ids.add(t._id);
  return [...ids];
}
