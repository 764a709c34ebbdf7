// HTML filtering on save, over real HTTP: a public XSS corpus (tests/fixtures/xss-vectors.txt)
// sent by each role through every field the reference filters. For contributors and authors
// nothing that can run script may come back (raw or rendered, on any answer); editors and
// administrators keep their HTML byte for byte; clean writing is never rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { activeParts } from '../helpers/active-html.ts';
import { XSS_VECTORS as VECTORS } from '../helpers/hostile-markup.ts';

/** Every piece of text an item's answer carries, raw and rendered, by field. */
function texts(item: Record<string, any>, fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = item[field];
    if (typeof value === 'string') out[field] = value;
    else for (const form of ['raw', 'rendered']) if (typeof value?.[form] === 'string') out[`${field}.${form}`] = value[form];
  }
  return out;
}

/** Sends every vector through `send` and collects what came back still active, by vector and field. */
async function survivors(send: (vector: string) => Promise<Record<string, string>>): Promise<string[]> {
  const left: string[] = [];
  for (const vector of VECTORS) {
    for (const [field, text] of Object.entries(await send(vector))) {
      const parts = activeParts(text);
      if (parts.length > 0) left.push(`${JSON.stringify(vector)} -> ${field}: ${parts.join(', ')} in ${JSON.stringify(text)}`);
    }
  }
  return left;
}

// Each corpus test sends every vector, one request at a time.
const CORPUS_TIMEOUT = 180_000;

describe('HTML filtering on save', () => {
  let site: TestSite;
  let imageBytes: Buffer;
  beforeAll(async () => {
    site = await startTestSite('a');
    imageBytes = await solidImage(8, 8, 'png');
  });
  afterAll(() => site.close());

  const createPost = async (as: TestRole, body: Record<string, unknown>, route = '/cms/v2/posts') => {
    const answer = await site.api(route, { method: 'POST', as, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };

  it('the corpus checker itself finds every vector active before filtering', () => {
    // Vectors that only do harm in old browsers or other contexts are not counted against the filter.
    const detected = VECTORS.filter((vector) => activeParts(vector).length > 0);
    expect(detected.length).toBeGreaterThan(VECTORS.length * 0.8);
  });

  it.each(['contributor', 'author'] as const)('%s: nothing active survives in a post\'s title, content and excerpt, on save and on read', async (role) => {
    const left = await survivors(async (vector) => {
      const created = await createPost(role, { title: vector, content: vector, excerpt: vector });
      const read = await site.api(`/cms/v2/posts/${created.id}`, { as: role, query: { context: 'edit' } });
      const seen = await site.api(`/cms/v2/posts/${created.id}`, { as: 'administrator' });
      return { ...texts(created, ['title', 'content', 'excerpt']), ...texts(read.body, ['title', 'content', 'excerpt']), ...texts(seen.body, ['title', 'content', 'excerpt']) };
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it('contributor: an excerpt made from filtered content has nothing active either', async () => {
    const left = await survivors(async (vector) => {
      const created = await createPost('contributor', { content: `<p>Words before.</p>${vector}` });
      return texts(created, ['excerpt']);
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it('contributor: an update and a batch request are filtered as a create is', async () => {
    const post = await createPost('contributor', { title: 'Draft', content: 'clean' });
    const updated = await site.api(`/cms/v2/posts/${post.id}`, { method: 'PUT', as: 'contributor', body: { content: '<p onclick="alert(1)">x</p><script>alert(2)</script>' } });
    expect(updated.body.content.raw).toBe('<p>x</p>');
    const batch = await site.api('/batch/v1', {
      method: 'POST', as: 'contributor',
      body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: { title: '<img src=x onerror=alert(1)>T', content: '<iframe src="https://x.example"></iframe>kept' } }] },
    });
    expect(batch.status).toBe(207);
    const made = batch.body.responses[0].body;
    expect([made.title.raw, made.content.raw]).toEqual(['T', 'kept']);
  });

  it('contributor: autosaves of a post waiting for review are filtered too', async () => {
    const pending = await createPost('contributor', { title: 'Pending', content: 'clean', status: 'pending' });
    const left = await survivors(async (vector) => {
      const saved = await site.api(`/cms/v2/posts/${pending.id}/autosaves`, { method: 'POST', as: 'contributor', body: { title: vector, content: vector, excerpt: vector } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.id).not.toBe(pending.id);
      return texts(saved.body, ['title', 'content', 'excerpt']);
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it.each(['contributor', 'author'] as const)('%s: nothing active survives in footnotes (post meta holding HTML, filtered by the reference too)', async (role) => {
    const left = await survivors(async (vector) => {
      const footnotes = JSON.stringify([{ id: 'note-1', content: vector }, { id: 'note-2', content: `<a href="https://example.com/">ok</a>${vector}` }]);
      const created = await createPost(role, { title: 'Notes', content: 'x', meta: { footnotes } });
      const stored = created.meta.footnotes === '' ? [] : JSON.parse(created.meta.footnotes);
      return Object.fromEntries(stored.map((note: { id: string; content: string }) => [`footnote ${note.id}`, note.content]));
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it('footnotes: clean ones stay byte for byte, malformed ones are dropped, editors keep theirs as sent', async () => {
    const clean = '[{"content":"A <em>note</em> with <a href=\\"https://example.com/\\">a link</a>","id":"5a1b-c"}]';
    expect((await createPost('contributor', { title: 'n', meta: { footnotes: clean } })).meta.footnotes).toBe(clean);
    expect((await createPost('contributor', { title: 'n', meta: { footnotes: 'not json <script>alert(1)</script>' } })).meta.footnotes).toBe('');
    expect((await createPost('contributor', { title: 'n', meta: { footnotes: '{"id":"x","content":"y"}' } })).meta.footnotes).toBe('');
    const raw = '[{"id":"n1","content":"<script>keep()</script>"}]';
    expect((await createPost('editor', { title: 'n', meta: { footnotes: raw } })).meta.footnotes).toBe(raw);
  });

  it('author: nothing active survives in a media item\'s title, caption, description or alternative text', async () => {
    const uploaded = await uploadRaw(site, imageBytes, 'pixel.png', { as: 'author' });
    expect(uploaded.status).toBe(201);
    const left = await survivors(async (vector) => {
      const saved = await site.api(`/cms/v2/media/${uploaded.body.id}`, { method: 'POST', as: 'author', body: { title: vector, caption: vector, description: vector, alt_text: vector } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return texts(saved.body, ['title', 'caption', 'description', 'alt_text']);
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it('author: a file name carrying markup does not become an active title', async () => {
    const uploaded = await uploadRaw(site, imageBytes, '<img src=x onerror=alert(1)>.png', { as: 'author' });
    expect(uploaded.status).toBe(201);
    expect(activeParts(uploaded.body.title.raw)).toEqual([]);
  });

  it('terms: names are plain text and descriptions keep inline markup only, for everyone (as the reference)', async () => {
    const left = await survivors(async (vector) => {
      const made = await site.api('/cms/v2/tags', { method: 'POST', as: 'administrator', body: { name: `${vector} ${Math.random()}`, description: vector } });
      if (made.status === 400) return {}; // a name that is empty once its markup is gone
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.name).not.toContain('<');
      return texts(made.body, ['name', 'description']);
    });
    expect(left).toEqual([]);
  }, CORPUS_TIMEOUT);

  it.each(['editor', 'administrator'] as const)('%s: titles, content, excerpts, captions and descriptions are stored byte for byte (unfiltered_html)', async (role) => {
    const changed: string[] = [];
    for (const vector of VECTORS) {
      const created = await createPost(role, { title: vector, content: vector, excerpt: vector });
      for (const field of ['title', 'content', 'excerpt']) if (created[field].raw !== vector) changed.push(`${field}: ${JSON.stringify(vector)}`);
    }
    const uploaded = await uploadRaw(site, imageBytes, 'editors.png', { as: role });
    for (const vector of VECTORS) {
      const saved = (await site.api(`/cms/v2/media/${uploaded.body.id}`, { method: 'POST', as: role, body: { title: vector, caption: vector, description: vector } })).body;
      for (const field of ['title', 'caption', 'description']) if (saved[field].raw !== vector) changed.push(`media ${field}: ${JSON.stringify(vector)}`);
    }
    expect(changed).toEqual([]);
    const page = await createPost(role, { title: '<script>t()</script>', content: '<iframe src="https://v.example/"></iframe>' }, '/cms/v2/pages');
    expect([page.title.raw, page.content.raw]).toEqual(['<script>t()</script>', '<iframe src="https://v.example/"></iframe>']);
  }, CORPUS_TIMEOUT);

  it('clean writing from a contributor is stored byte for byte: block comments, entities, quoting, links, images, allowed styles', async () => {
    const clean = [
      '<!-- wp:paragraph {"align":"center","style":{"color":{"text":"#c00"}}} -->\n<p class="has-text-align-center has-text-color" style="color:#c00">Tom &amp; Jerry&#8217;s <em>café</em> &nbsp;<br/>line</p>\n<!-- /wp:paragraph -->',
      '<!-- wp:image {"id":12,"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src=\'https://example.com/a.jpg\' alt="A &quot;quote&quot;" class="wp-image-12"/></figure>\n<!-- /wp:image -->',
      '<!-- wp:list -->\n<ul><li><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noreferrer noopener">link</a></li><li><a href="mailto:me@example.com">mail</a></li><li><a href="#top">top</a></li></ul>\n<!-- /wp:list -->',
      '<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group" style="padding-top:var(--wp--preset--spacing--40);margin:calc(1rem + 2px)"><!-- wp:paragraph -->\n<p data-note="x">In a group</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->',
      'Plain words with a < b and a > c, 100% & more',
      '<table><tr><td colspan=2>unquoted</td></tr></table>',
    ];
    for (const text of clean) {
      const created = await createPost('contributor', { title: 'Clean <em>title</em> &amp; more', content: text, excerpt: text });
      expect([created.title.raw, created.content.raw, created.excerpt.raw]).toEqual(['Clean <em>title</em> &amp; more', text, text]);
    }
  });

  it('what is allowed stays when something next to it is removed', async () => {
    const content = '<!-- wp:paragraph -->\n<p onclick="steal()">Keep <strong>this</strong> <a href="https://example.com/" onmouseover="x()">link</a></p>\n<!-- /wp:paragraph --><script>steal()</script>';
    const created = await createPost('author', { content });
    expect(created.content.raw).toBe('<!-- wp:paragraph -->\n<p>Keep <strong>this</strong> <a href="https://example.com/">link</a></p>\n<!-- /wp:paragraph -->');
  });
});
