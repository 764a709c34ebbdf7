// The block patterns a connected WordPress lends the inserter (shared/site-patterns.ts), over a
// site answered here in WordPress's shape: its patterns and their categories' labels; a pattern
// without a name, title or markup left out; a site without the routes (404) or that refuses the
// account (401, 403) lends none, never an error; a site that fails otherwise is an error.
import { describe, expect, it } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import { readSitePatterns } from '../../shared/site-patterns.ts';
import { NO_PATTERNS } from '../../shared/block-patterns.ts';

const SITE = 'https://site.example';
const PATTERNS = `${SITE}/wp-json/wp/v2/block-patterns/patterns`;
const CATEGORIES = `${SITE}/wp-json/wp/v2/block-patterns/categories`;

const CTA = {
  name: 'theme/cta', title: 'Big offer', content: '<!-- wp:paragraph -->\n<p>Buy</p>\n<!-- /wp:paragraph -->', categories: ['call-to-action'],
  keywords: ['offer'], description: 'An offer.', viewport_width: 1200, block_types: [], inserter: true,
};

/** A site answering each address from `answers`: a body (200) or a status alone. */
function site(answers: Record<string, unknown>): SiteClient {
  const fetchImpl = (async (input: URL | RequestInfo) => {
    const answer = answers[String(input)];
    if (typeof answer === 'number') return new Response(JSON.stringify({ code: 'refused', message: 'No' }), { status: answer });
    return answer === undefined ? new Response('<html>Not found</html>', { status: 404 }) : new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof fetch;
  return new SiteClient(`${SITE}/wp-json/`, { login: 'author', password: 'abcd efgh ijkl mnop qrst uvwx' }, fetchImpl);
}

describe('the patterns a connected WordPress lends', () => {
  it('are its patterns in its shape, with its categories’ labels, those it keeps out of the inserter marked', async () => {
    const hidden = { ...CTA, name: 'theme/footer', title: 'Footer', inserter: false };
    const lent = await readSitePatterns(site({ [PATTERNS]: [CTA, hidden], [CATEGORIES]: [{ name: 'call-to-action', label: 'Call to Action', description: '' }] }), 'wp/v2');
    expect(lent).toStrictEqual({
      patterns: [
        { name: 'theme/cta', title: 'Big offer', content: CTA.content, categories: ['call-to-action'], keywords: ['offer'], description: 'An offer.' },
        { name: 'theme/footer', title: 'Footer', content: CTA.content, categories: ['call-to-action'], keywords: ['offer'], description: 'An offer.', inserter: false },
      ],
      categories: [{ name: 'call-to-action', label: 'Call to Action' }],
    });
  });

  it('leaves out a pattern without a name, a title or markup, and reads missing lists as empty', async () => {
    const { name: _name, ...nameless } = CTA;
    const lent = await readSitePatterns(site({ [PATTERNS]: [nameless, { ...CTA, title: '' }, { ...CTA, content: '  ' }, null, { name: 'theme/bare', title: 'Bare', content: CTA.content }], [CATEGORIES]: 403 }), 'wp/v2');
    expect(lent).toStrictEqual({ patterns: [{ name: 'theme/bare', title: 'Bare', content: CTA.content, categories: [], keywords: [], description: '' }], categories: [] });
  });

  it.each([404, 401, 403])('lends none, without an error, where the site answers %i', async (status) => {
    expect(await readSitePatterns(site({ [PATTERNS]: status }), 'wp/v2')).toStrictEqual(NO_PATTERNS);
  });

  it('fails where the site fails', async () => {
    await expect(readSitePatterns(site({ [PATTERNS]: 500 }), 'wp/v2')).rejects.toMatchObject({ status: 500 });
  });
});
