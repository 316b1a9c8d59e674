import { SLUG_PATTERN } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { PageHead, PageHeadResolver } from '../../plugins/page-head';
import { findPublished } from './service';

const ARTICLE_PAGE = /^\/artikel\/([^/]+)\/?$/;
/** A description of at most this many characters (what search results and link previews show). */
const DESCRIPTION_CHARS = 200;

/** The text of a body's HTML, for a description when the article has no summary. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The head of /artikel/{slug} for crawlers and link previews, which run no script (issue 23): the
 * published article's title, description and cover as <title>, description and Open Graph tags
 * (plugins/web.ts escapes and injects them). Another slug, or a draft, answers 404 with the app.
 */
export function articlePageHead(ctx: AppContext): PageHeadResolver {
  return async (pathname) => {
    const match = ARTICLE_PAGE.exec(pathname);
    if (!match) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return { status: 404 };
    }
    if (slug.length > 80 || !SLUG_PATTERN.test(slug)) return { status: 404 };
    const article = await findPublished(ctx, slug);
    if (!article) return { status: 404 };
    const description = shorten(article.summary || plainText(article.bodyHtml), DESCRIPTION_CHARS);
    const absolute = (url: string) => (url.startsWith('/') ? `${ctx.config.publicUrl}${url}` : url);
    const head: PageHead = {
      status: 200,
      title: `${article.title} · Sapa`,
      meta: [
        { name: 'description', content: description },
        { property: 'og:type', content: 'article' },
        { property: 'og:title', content: article.title },
        { property: 'og:description', content: description },
        { property: 'og:url', content: `${ctx.config.publicUrl}/artikel/${article.slug}` },
        { property: 'og:site_name', content: 'Sapa' },
        ...(article.coverUrl ? [{ property: 'og:image', content: absolute(article.coverUrl) }] : []),
        ...(article.publishedAt
          ? [{ property: 'article:published_time', content: article.publishedAt }]
          : []),
        { name: 'twitter:card', content: article.coverUrl ? 'summary_large_image' : 'summary' },
      ],
    };
    return head;
  };
}
