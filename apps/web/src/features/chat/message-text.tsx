import { Fragment } from 'react';
import { Anchor } from '@mantine/core';

/** A piece of a message's text: plain, or a link with the address it opens. */
export type TextPart = { text: string } | { text: string; href: string };

// An address starts with http(s):// or www. and runs to whitespace or a character no address holds
// unescaped; trailing punctuation of the sentence is taken off afterwards.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}>]+$/;

/** The address a found link opens, or null: only http and https ever become links. */
function safeHref(found: string): string | null {
  const href = /^www\./i.test(found) ? `https://${found}` : found;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Cuts trailing punctuation, keeping a ')' that closes a '(' of the address (Wikipedia links). */
function trimLink(found: string): string {
  let link = found;
  for (;;) {
    const trailing = TRAILING.exec(link);
    if (!trailing) return link;
    const last = link.at(-1);
    if (last === ')' && (link.match(/\(/g)?.length ?? 0) >= (link.match(/\)/g)?.length ?? 0)) return link;
    link = link.slice(0, -1);
  }
}

/**
 * A message's text split into plain parts and links (issue 21: links in messages are clickable).
 * A careful pattern rather than a library: http(s):// and www. addresses only, so `javascript:`,
 * `data:` and the like stay text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const link = trimLink(match[0]);
    const href = safeHref(link);
    if (!href) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: link, href });
    at = start + link.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** A message's text with its web addresses as links that open in a new tab, safely. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        'href' in part ? (
          <Anchor
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            c="inherit"
            underline="always"
            className="sapa-message-link"
            data-testid="message-link"
          >
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
