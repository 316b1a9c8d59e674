import { describe, expect, it } from 'vitest';
import { ARTICLE_TAGS, safeHref, safeImageSrc, sanitizeArticleHtml } from './sanitize';

/** The attributes each kept tag may carry. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'title'],
};

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What is wrong with sanitised HTML, structurally: sanitize-html writes every '<' of text as &lt;,
 * so each '<' left starts a tag it emitted. Each must be an allowed tag with allowed attributes,
 * and every address an http(s)/mailto link or an http(s)//api/ image.
 */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const tags = html.match(/<[^>]*>?/g) ?? [];
  for (const tag of tags) {
    const match = /^<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>$/.exec(tag);
    if (!match) {
      problems.push(`malformed tag ${tag}`);
      continue;
    }
    const [, name, attributeText] = match;
    if (!(ARTICLE_TAGS as readonly string[]).includes(name!)) problems.push(`tag ${name}`);
    for (const [, attr, raw] of attributeText!.matchAll(/([a-z-]+)="([^"]*)"/g)) {
      if (!ALLOWED_ATTRIBUTES[name!]?.includes(attr!)) problems.push(`attribute ${attr} on ${name}`);
      const value = decode(raw!);
      if (attr === 'href' && safeHref(value) !== value) problems.push(`href ${value}`);
      if (attr === 'src' && safeImageSrc(value) !== value) problems.push(`src ${value}`);
      if (/(java|vb)script:|data:|expression\(|livescript:/i.test(value.replace(/\s/g, '')))
        problems.push(`active value ${value}`);
      if (attr === 'rel' && value !== 'noopener noreferrer nofollow') problems.push(`rel ${value}`);
      if (attr === 'target' && value !== '_blank') problems.push(`target ${value}`);
    }
  }
  return problems;
}

/** Payloads that must come out harmless: nothing that runs, loads or styles. */
const XSS: [string, string][] = [
  ['script tag', '<script>alert(1)</script>'],
  ['script with src', '<script src="https://evil.test/x.js"></script>'],
  ['mixed-case script', '<ScRiPt>alert(1)</sCrIpT>'],
  ['broken script', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror quoted on an allowed src', '<img src="/api/article/cover/a.png" onerror="alert(1)">'],
  ['body onload', '<body onload=alert(1)>'],
  ['p onmouseover', '<p onmouseover="alert(1)">hover</p>'],
  ['a onclick', '<a href="https://ok.test" onclick="alert(1)">x</a>'],
  ['javascript href', '<a href="javascript:alert(1)">x</a>'],
  ['mixed-case javascript href', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  [
    'entity-encoded javascript href',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  ['hex-entity javascript href', '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>'],
  ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['newline and spaces before the scheme', '<a href="  \njavascript:alert(1)">x</a>'],
  ['vbscript href', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data image src', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['javascript image src', '<img src="javascript:alert(1)">'],
  ['protocol-relative image', '<img src="//evil.test/x.png">'],
  ['api path escaping upwards', '<img src="/api/../../etc/passwd">'],
  ['svg onload', '<svg onload=alert(1)><circle r="10"></circle></svg>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  [
    'svg animate href',
    '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>',
  ],
  ['math with xlink', '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>'],
  ['math mglyph style confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['style tag', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['style attribute expression', '<p style="width: expression(alert(1))">x</p>'],
  ['style attribute url', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['iframe', '<iframe src="https://evil.test"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="https://evil.test/x.swf">'],
  [
    'form with formaction',
    '<form action="https://evil.test"><button formaction="javascript:alert(1)">go</button></form>',
  ],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="https://evil.test/">'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.test/x.css">'],
  ['nested and broken tags', '<<script>script>alert(1)<</script>/script>'],
  ['unclosed attribute', '<img src="x" onerror="alert(1)'],
  ['comment hiding a script', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['cdata', '<![CDATA[<script>alert(1)</script>]]>'],
  ['entity-encoded tags', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['double-encoded tags', '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>'],
  ['template content', '<template><script>alert(1)</script></template>'],
  ['noscript confusion', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['a with target and rel given', '<a href="https://ok.test" target="_self" rel="opener">x</a>'],
  ['class and id attributes', '<p class="x" id="y" data-x="z">x</p>'],
  ['srcset', '<img src="https://ok.test/a.png" srcset="javascript:alert(1) 1x">'],
  ['xmp raw text', '<xmp><img src=x onerror=alert(1)></xmp>'],
];

describe('sanitizeArticleHtml', () => {
  it(`leaves nothing active in ${XSS.length} XSS payloads`, async () => {
    expect(XSS.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const [name, payload] of XSS) {
      const clean = await sanitizeArticleHtml(payload);
      const problems = problemsOf(clean);
      if (problems.length) failures.push(`${name}: ${clean} -> ${problems.join(', ')}`);
      // nothing that runs survives as markup: no handler, no script-ish scheme in any attribute
      if (/<[^>]*\son[a-z]+\s*=/i.test(clean)) failures.push(`${name}: handler in ${clean}`);
      if (/<(script|style|iframe|object|embed|svg|math|form|input|button|meta|base|link)\b/i.test(clean))
        failures.push(`${name}: dangerous tag in ${clean}`);
    }
    expect(failures).toEqual([]);
  });

  it('has a checker that sees the raw payloads as dangerous (so the test above can fail)', () => {
    const unflagged = XSS.filter(([, payload]) => problemsOf(payload).length === 0).map(([name]) => name);
    expect(unflagged).toEqual(['entity-encoded tags', 'double-encoded tags']);
  });

  it('keeps no script text and no handler text as markup', async () => {
    expect(await sanitizeArticleHtml('<script>alert(1)</script><p>aman</p>')).toBe('<p>aman</p>');
    expect(await sanitizeArticleHtml('<iframe src="x">isi</iframe>halo')).toBe('halo');
    // an entity-encoded tag stays text, still encoded
    expect(await sanitizeArticleHtml('&lt;script&gt;x&lt;/script&gt;')).toBe(
      '&lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('keeps the formatting the editor makes', async () => {
    const html =
      '<h2>Judul</h2><h3>Sub</h3><h4>Kecil</h4><p>Teks <strong>tebal</strong> <b>b</b> <em>miring</em> <i>i</i> ' +
      '<u>garis</u> <s>coret</s> <code>kode</code><br></p><ul><li><p>satu</p></li></ul><ol><li>dua</li></ol>' +
      '<blockquote><p>kutipan</p></blockquote><pre><code>x = 1</code></pre><hr>';
    const clean = await sanitizeArticleHtml(html);
    expect(clean).toBe(
      '<h2>Judul</h2><h3>Sub</h3><h4>Kecil</h4><p>Teks <strong>tebal</strong> <b>b</b> <em>miring</em> <i>i</i> ' +
        '<u>garis</u> <s>coret</s> <code>kode</code><br /></p><ul><li><p>satu</p></li></ul><ol><li>dua</li></ol>' +
        '<blockquote><p>kutipan</p></blockquote><pre><code>x = 1</code></pre><hr />',
    );
    expect(problemsOf(clean)).toEqual([]);
  });

  it('opens links in a new tab without the opener, and keeps safe images', async () => {
    expect(await sanitizeArticleHtml('<a href="https://sapa.test/a?b=1&c=2">x</a>')).toBe(
      '<a href="https://sapa.test/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(await sanitizeArticleHtml('<a href="mailto:cs@sapa.test">surel</a>')).toContain(
      'href="mailto:cs@sapa.test"',
    );
    // a link without a safe address keeps its text only
    expect(await sanitizeArticleHtml('<p><a href="/relatif">x</a></p>')).toBe('<p>x</p>');
    expect(await sanitizeArticleHtml('<img src="https://cdn.test/a.png" alt="Foto" onload="x">')).toBe(
      '<img src="https://cdn.test/a.png" alt="Foto" />',
    );
    expect(await sanitizeArticleHtml('<img src="/api/article/cover/cover-abc.png">')).toBe(
      '<img src="/api/article/cover/cover-abc.png" />',
    );
  });

  it('maps headings the editor does not offer to the nearest it does', async () => {
    expect(await sanitizeArticleHtml('<h1>a</h1><h5>b</h5><h6>c</h6>')).toBe(
      '<h2>a</h2><h4>b</h4><h4>c</h4>',
    );
  });
});
