// The icon block as readers see it (issue 29): over real HTTP, a published post's page and its
// content.rendered draw every icon WordPress registers as its render_block_core_icon does (the
// icon's own SVG in a wp-block-icon element, hidden from screen readers unless labelled, flips
// as classes, rotation and colours on the SVG), an icon the site does not know in plain words,
// and an icon block without an icon as nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { ICON_LIBRARY } from '../../server/content/icon-library.generated.ts';
import { GENERATED_ICONS_FILE, iconLibrarySource } from '../../build/icon-library-source.ts';

describe('the icon block on the site\'s pages', () => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  /** The published post's page and its content as the API renders it. */
  const published = async (content: string) => {
    const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Icons', content, status: 'publish' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = await (await fetch(created.body.link)).text();
    return { page, rendered: String(created.body.content.rendered) };
  };
  const icon = (attributes: Record<string, unknown>) => `<!-- wp:icon ${JSON.stringify(attributes)} /-->`;
  /** An icon's SVG with attributes added to its opening tag, its own style replaced by `style`. */
  const drawn = (slug: string, added: string) => ICON_LIBRARY[slug]!.svg.replace(/^<svg([^>]*)>/, (_tag, rest: string) => `<svg${rest.replace(/\sstyle="[^"]*"/, '')}${added}>`);
  const ownStyle = (slug: string) => /^<svg[^>]*\sstyle="([^"]*)"/.exec(ICON_LIBRARY[slug]!.svg)?.[1];

  it('holds every icon of @wordpress/icons that WordPress registers (run `npx tsx build/generate-icon-library.ts` after updating it)', () => {
    expect(readFileSync(GENERATED_ICONS_FILE, 'utf8')).toBe(iconLibrarySource());
    expect(Object.keys(ICON_LIBRARY)).toContain('info');
  });

  it('draws every registered icon, on the page and in content.rendered, hidden from screen readers', async () => {
    const slugs = Object.keys(ICON_LIBRARY);
    const { page, rendered } = await published(slugs.map((slug) => icon({ icon: `core/${slug}` })).join('\n\n'));
    for (const slug of slugs) {
      const style = ownStyle(slug);
      const expected = `<div class="wp-block-icon">${drawn(slug, ` aria-hidden="true" focusable="false"${style ? ` style="${style}"` : ''}`)}</div>`;
      expect(rendered, slug).toContain(expected);
      expect(page, slug).toContain(expected);
    }
  });

  it('turns, flips, colours, aligns and labels an icon as the block editor\'s render does', async () => {
    const { rendered } = await published(icon({ icon: 'core/info', flipHorizontal: true, flipVertical: true, rotation: 90, ariaLabel: 'More about it', align: 'center', textColor: 'vivid-red', backgroundColor: 'pale-pink', className: 'my-icon', anchor: 'note' }));
    const svg = drawn('info', ' class="has-text-color has-vivid-red-color has-background has-pale-pink-background-color is-flip-horizontal is-flip-vertical" role="img" aria-label="More about it" style="fill: none; rotate: 90deg;"');
    expect(rendered).toContain(`<div class="wp-block-icon aligncenter my-icon" id="note">${svg}</div>`);
    const custom = await published(icon({ icon: 'core/info', style: { color: { text: '#123456', background: 'red; position: fixed' }, dimensions: { width: '48px' } } }));
    expect(custom.rendered).toContain(drawn('info', ' aria-hidden="true" focusable="false" style="fill: none; color: #123456; width: 48px"'));
    expect(custom.rendered).not.toContain('position');
  });

  it('says an icon it does not know in plain words, and draws nothing without an icon', async () => {
    const { page, rendered } = await published([icon({ icon: 'core/no-such-thing' }), icon({ icon: 'my-plugin/rocket-ship', ariaLabel: 'Launch it' }), icon({ icon: 'core/__proto__' }), '<!-- wp:icon /-->'].join('\n\n'));
    expect(rendered).toContain('<div class="wp-block-icon"><span class="wp-block-icon__unknown">no such thing</span></div>');
    expect(rendered).toContain('<div class="wp-block-icon"><span class="wp-block-icon__unknown">Launch it</span></div>');
    expect(rendered).toContain('<div class="wp-block-icon"><span class="wp-block-icon__unknown">__proto__</span></div>');
    expect(rendered.match(/wp-block-icon"/g)).toHaveLength(3);
    expect(page).toContain('no such thing');
  });
});
