import { Highlight } from '@mantine/core';
import type { InfiniteData } from '@tanstack/react-query';
import { INBOX_EXTRA_MESSAGES, type ChatSearchPage, type SearchHit } from '@sapa/contracts';

/** The words of a search, as the server matches them (whitespace-separated, any case). */
export function searchWords(search: string): string[] {
  return [...new Set(search.trim().split(/\s+/).filter(Boolean))];
}

/** The matching message of each loaded chat, by chat id, from the pages' `hits` (GET /chat with a search). */
export function searchHitsOf(data: InfiniteData<object> | undefined): ReadonlyMap<string, SearchHit> {
  const hits = new Map<string, SearchHit>();
  // the list's pages are typed as the spec's {docs, hasNextPage}; with a search they carry hits too
  for (const page of (data?.pages ?? []) as Partial<ChatSearchPage>[])
    for (const hit of page.hits ?? []) hits.set(hit.chatId, hit);
  return hits;
}

/**
 * A search result row's matching message (issue 21): its text with the searched words marked, in
 * place of the last message's preview.
 */
export function SearchHitText({ hit, words }: { hit: SearchHit; words: readonly string[] }) {
  return (
    <Highlight
      component="span"
      className="sapa-chat-row-preview sapa-search-hit"
      highlight={[...words]}
      color="yellow"
      title={`${INBOX_EXTRA_MESSAGES.searchHitLabel}: ${hit.text}`}
      data-testid="chat-row-hit"
      inherit
    >
      {hit.text}
    </Highlight>
  );
}
