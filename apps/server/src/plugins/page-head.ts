import fs from 'node:fs';

/**
 * The head of a client route written on the server (issue 23): crawlers and link previews run no
 * script, so a public page's title and description must be in the HTML that the server sends.
 */

/** What the head of one client route says; every value is escaped by withHead. */
export interface PageHead {
  status: number;
  /** the page's <title>; absent keeps the app's */
  title?: string;
  /** meta tags by name or property; one of the app's with the same name is replaced */
  meta?: ({ name: string; content: string } | { property: string; content: string })[];
}

/** The head of a client route by its path, or null for the app's own (a module's public pages). */
export type PageHeadResolver = (pathname: string) => Promise<PageHead | null>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** index.html with the head's title and meta tags in place of the app's. */
export function withHead(template: string, head: PageHead): string {
  let html = template;
  const tags: string[] = [];
  if (head.title !== undefined) {
    html = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    tags.push(`<title>${escapeHtml(head.title)}</title>`);
  }
  for (const meta of head.meta ?? []) {
    const [attr, key] = 'name' in meta ? ['name', meta.name] : ['property', meta.property];
    const existing = new RegExp(`<meta\\s+${attr}="${key.replace(/[^a-z:_-]/gi, '')}"[^>]*>\\s*`, 'i');
    html = html.replace(existing, '');
    tags.push(`<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(meta.content)}" />`);
  }
  const at = html.search(/<\/head>/i);
  return at === -1 || !tags.length ? html : `${html.slice(0, at)}${tags.join('\n    ')}\n  ${html.slice(at)}`;
}

/** index.html read once and again only when the file changes (a new build is served without a restart). */
export function templateCache(index: string) {
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return async (): Promise<string> => {
    const stat = await fs.promises.stat(index);
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: await fs.promises.readFile(index, 'utf8') };
    }
    return cached.html;
  };
}
