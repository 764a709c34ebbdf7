// The HTML filter's parts on their own: URL protocols, inline CSS, and the rule that text the
// filter would not change is kept byte for byte while text that could change meaning when
// more markup follows it is rewritten.
import { describe, expect, it } from 'vitest';
import { filterStyle, plainText } from '../../server/content/html-filter.ts';
import { hasAllowedProtocol } from '../../shared/url-protocols.ts';
import { filterHtml } from '../../server/content/markup-filter.ts';

describe('URL protocols', () => {
  it('allow the reference\'s protocols and relative addresses, and nothing that runs or embeds', () => {
    for (const url of ['https://example.com/', 'http://x', 'mailto:a@b.c', 'tel:+1', '/path', '#top', '?q=1', 'page.html', 'urn:isbn:1', '']) {
      expect(hasAllowedProtocol(url), url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:x', 'java\tscript:x', 'java\nscript:x', '\u0001javascript:x', 'data:text/html,x', 'vbscript:x', 'livescript:x', 'blob:https://x']) {
      expect(hasAllowedProtocol(url), url).toBe(false);
    }
  });
});

describe('inline CSS', () => {
  it('keeps the safe properties as written and drops the others', () => {
    expect(filterStyle('color: red; font-size: 2em')).toBe('color: red; font-size: 2em');
    expect(filterStyle('color:red;behavior:url(x.htc);width:10px')).toBe('color:red;width:10px');
    expect(filterStyle('--wp--preset--color: #fff; margin: calc(1rem + var(--gap, 2px))')).toBe('--wp--preset--color: #fff; margin: calc(1rem + var(--gap, 2px))');
  });

  it('drops expressions, escapes, comments and urls with a forbidden protocol', () => {
    expect(filterStyle('width: expression(alert(1))')).toBe('');
    expect(filterStyle('color: red; background: url(javascript:alert(1))')).toBe('color: red');
    expect(filterStyle('background-image: url("https://example.com/a.png")')).toBe('background-image: url("https://example.com/a.png")');
    expect(filterStyle('background-image: url(data:image/png;base64,AAAA)')).toBe('');
    expect(filterStyle('color: r\\65 d')).toBe('');
    expect(filterStyle('color: red /* x */')).toBe('');
    expect(filterStyle('background: linear-gradient(135deg, rgba(6,147,227,1) 0%, rgb(155,81,224) 100%)')).toBe('background: linear-gradient(135deg, rgba(6,147,227,1) 0%, rgb(155,81,224) 100%)');
    expect(filterStyle('color: alert(1)')).toBe('');
  });
});

describe('filterHtml', () => {
  it('returns clean markup byte for byte', () => {
    const clean = '<!-- wp:paragraph -->\n<p class=\'a\'>Tom &amp; Jerry&#8217;s<br/></p>\n<!-- /wp:paragraph -->';
    expect(filterHtml(clean, 'post')).toBe(clean);
    expect(filterHtml('no markup & <3', 'post')).toBe('no markup & <3');
  });

  it('rewrites markup left open at its end, which what follows it would complete', () => {
    expect(filterHtml('<img src=x onerror=alert(1) ', 'post')).toBe('');
    expect(filterHtml('<p title="', 'post')).toBe('');
    expect(filterHtml('<a href="https://x">ok</a><!-- open', 'post')).toBe('<a href="https://x">ok</a><!-- open-->');
    expect(filterHtml('<textarea>', 'post')).toBe('<textarea></textarea>');
    expect(filterHtml('<p>open at the end', 'post')).toBe('<p>open at the end</p>');
  });

  it('keeps titles to inline markup without attributes beyond the reference\'s', () => {
    expect(filterHtml('<h1 class="x">Big</h1> <a href="https://x" class="y" title="t">l</a>', 'inline')).toBe('Big <a href="https://x" title="t">l</a>');
  });
});

describe('plainText', () => {
  it('removes markup and escapes what is left, so that an escaped tag never becomes one', () => {
    expect(plainText('Tom & Jerry')).toBe('Tom & Jerry');
    expect(plainText('<b>Bold</b> &lt;script&gt;')).toBe('Bold &lt;script&gt;');
    expect(plainText('<script>alert(1)</script>Name')).toBe('Name');
  });
});
