// The filter against what a site serves, over real HTTP: hostile documents (the reported
// block-delimiter payload around each kind of element whose content is text, and seeded
// grammar-made ones: tests/helpers/hostile-markup.ts) saved by a contributor and an author
// through every field filtered for them (title, content, excerpt; a media item's title,
// caption and description; an autosave) and read back through every output: REST `rendered`
// fields in view context, the reading page, the preview (of the saved text and of the
// writer's autosave), the embed page, oEmbed's HTML, written and generated excerpts. None may
// hold active content by the HTML standard's parser; each page's policy allows no form and no
// <base>. The same rule in process over many more documents: tests/unit/html-filter-differential.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { defaultTreeAdapter as tree } from 'parse5';
import { activeParts, activePartsOfPage, documentParts } from '../helpers/active-html.ts';
import { ACTIVE_MARKUP, RAW_TEXT_ELEMENTS, hostileDocuments } from '../helpers/hostile-markup.ts';

const DOCUMENTS = [
  ...RAW_TEXT_ELEMENTS.map((element, index) => `<!-- wp:x {"a":"--><${element}>"} /-->${ACTIVE_MARKUP[index % ACTIVE_MARKUP.length]}</${element}>`),
  ...hostileDocuments(2701, 10),
];

/** An output of the site: HTML placed in a page, or a whole page of the site. */
type Output = { html: string } | { page: string; policy: string | null };

/** The rendered fields of a REST answer, by name. */
function rendered(item: Record<string, any>, fields: readonly string[]): Record<string, Output> {
  return Object.fromEntries(fields.map((field) => [`${field}.rendered`, { html: String(item[field]?.rendered ?? '') }]));
}

function problems(output: Output): string[] {
  if ('html' in output) return activeParts(output.html);
  const policy = output.policy ?? '';
  const missing = ["form-action 'none'", "base-uri 'none'"].filter((directive) => !policy.includes(directive)).map((directive) => `policy without ${directive}`);
  return [...activePartsOfPage(output.page), ...missing];
}

describe('what the site serves from a contributor\'s or an author\'s hostile markup', () => {
  let site: TestSite;
  let imageBytes: Buffer;
  beforeAll(async () => {
    site = await startTestSite('a');
    imageBytes = await solidImage(8, 8, 'png');
  });
  afterAll(() => site.close());

  const created = async (as: 'contributor' | 'author', body: Record<string, unknown>) => {
    const answer = await site.api('/cms/v2/posts', { method: 'POST', as, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };
  const view = async (id: number, as?: 'editor') => (await site.api(`/cms/v2/posts/${id}`, as ? { as } : {})).body;
  const page = async (address: string, as?: 'contributor' | 'editor'): Promise<Output> => {
    const response = await fetch(address, { headers: as ? { authorization: site.authHeader(as) } : {} });
    expect(response.status, address).toBe(200);
    return { page: await response.text(), policy: response.headers.get('content-security-policy') };
  };
  const preview = (link: string, as: 'contributor' | 'editor') => page(`${link}${link.includes('?') ? '&' : '?'}preview=true`, as);
  const embedPage = (link: string) => page(link.includes('?') ? `${link}&embed=true` : `${link}embed/`);
  /** oEmbed's HTML without the one sandboxed frame of the embed page it is meant to hold. */
  const oembedHtml = async (link: string): Promise<Output> => {
    const answer = await site.api('/oembed/1.0/embed', { query: { url: link } });
    expect(answer.status).toBe(200);
    return { html: String(answer.body.html).replace(/<iframe sandbox="allow-scripts" security="restricted" src="[^"]*"[^>]*><\/iframe>/, '') };
  };

  /** Sends each document through `send` and lists every output that came back active. */
  const survivors = async (send: (document: string) => Promise<Record<string, Output>>) => {
    const left: string[] = [];
    for (const document of DOCUMENTS) {
      for (const [output, served] of Object.entries(await send(document))) {
        const found = problems(served);
        if (found.length > 0) left.push(`${JSON.stringify(document)} -> ${output}: ${found.join(', ')}`);
      }
    }
    return left;
  };

  it('author: a published post\'s REST fields, reading page, embed page and oEmbed, with written and generated excerpts', async () => {
    const left = await survivors(async (document) => {
      const written = await created('author', { title: document, content: document, excerpt: document, status: 'publish' });
      const generated = await created('author', { title: 'Generated excerpt', content: document, status: 'publish' });
      return {
        ...rendered(await view(written.id), ['title', 'content', 'excerpt']),
        'generated excerpt.rendered': rendered(await view(generated.id), ['excerpt'])['excerpt.rendered']!,
        'reading page': await page(written.link),
        'embed page (written excerpt)': await embedPage(written.link),
        'embed page (generated excerpt)': await embedPage(generated.link),
        'oEmbed html': await oembedHtml(written.link),
      };
    });
    expect(left).toEqual([]);
  }, 120_000);

  it('contributor: a pending post and its autosave, as REST fields and as previews by the writer and by an editor', async () => {
    const left = await survivors(async (document) => {
      const pending = await created('contributor', { title: document, content: document, excerpt: document, status: 'pending' });
      const generated = await created('contributor', { title: 'Generated excerpt', content: document });
      const autosave = await site.api(`/cms/v2/posts/${pending.id}/autosaves`, { method: 'POST', as: 'contributor', body: { title: document, content: `${document}<p>autosaved</p>`, excerpt: document } });
      expect(autosave.status, JSON.stringify(autosave.body)).toBe(200);
      return {
        ...rendered(await view(pending.id, 'editor'), ['title', 'content', 'excerpt']),
        ...Object.fromEntries(Object.entries(rendered(autosave.body, ['title', 'content', 'excerpt'])).map(([field, output]) => [`autosave ${field}`, output])),
        'generated excerpt.rendered': rendered(generated, ['excerpt'])['excerpt.rendered']!,
        'preview by the writer (autosave)': await preview(pending.link, 'contributor'),
        'preview by an editor': await preview(pending.link, 'editor'),
      };
    });
    expect(left).toEqual([]);
  }, 120_000);

  it('author: a media item\'s title, caption and description as REST fields', async () => {
    const uploaded = await uploadRaw(site, imageBytes, 'pixel.png', { as: 'author' });
    expect(uploaded.status).toBe(201);
    const left = await survivors(async (document) => {
      const saved = await site.api(`/cms/v2/media/${uploaded.body.id}`, { method: 'POST', as: 'author', body: { title: document, caption: document, description: document } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return rendered((await site.api(`/cms/v2/media/${uploaded.body.id}`)).body, ['title', 'caption', 'description']);
    });
    expect(left).toEqual([]);
  }, 120_000);
});

/** What in a head made by seo/v1 is more than its title, meta data, canonical link and schema JSON. */
function headProblems(head: string): string[] {
  const found: string[] = [];
  const { head: element, body } = documentParts(`<head>${head}</head>`);
  if (body.childNodes.length > 0) found.push('content outside <head>');
  for (const child of element.childNodes.filter(tree.isElementNode)) {
    const attributes = Object.fromEntries(child.attrs.map((attribute) => [attribute.name, attribute.value]));
    const names = Object.keys(attributes).sort().join(' ');
    const script = child.tagName === 'script' && attributes.type === 'application/ld+json';
    const allowed = child.tagName === 'title' || script || (child.tagName === 'meta' && (names === 'content name' || names === 'content property'))
      || (child.tagName === 'link' && attributes.rel === 'canonical' && !/^\s*javascript:/i.test(attributes.href ?? ''));
    if (!allowed) found.push(`<${child.tagName} ${names}>`);
    if (script) {
      const json = child.childNodes.find(tree.isTextNode);
      try {
        JSON.parse(json ? tree.getTextNodeContent(json) : '');
      } catch {
        found.push('schema that is not JSON');
      }
    }
  }
  return found;
}

describe('what the seo head says of an author\'s hostile markup (the deployment with seo/v1)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('b');
  });
  afterAll(() => site.close());

  it('author: a published post\'s content, reading page and head hold nothing active', async () => {
    const left: string[] = [];
    // The reported payload around each element whose content is text (the head is slow to make).
    for (const document of DOCUMENTS.slice(0, RAW_TEXT_ELEMENTS.length)) {
      const post = (await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: document, content: document, excerpt: '', status: 'publish' } })).body;
      const reading = await fetch(post.link);
      const head = await site.api('/seo/v1/get_head', { query: { url: post.link } });
      expect(head.status).toBe(200);
      const found = {
        'content.rendered': activeParts(post.content.rendered),
        'reading page': activePartsOfPage(await reading.text()),
        'seo head': headProblems(head.body.html),
      };
      for (const [output, parts] of Object.entries(found)) if (parts.length > 0) left.push(`${JSON.stringify(document)} -> ${output}: ${parts.join(', ')}`);
    }
    expect(left).toEqual([]);
  }, 120_000);
});
