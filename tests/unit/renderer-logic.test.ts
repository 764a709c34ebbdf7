// The renderer's own rules: addresses of screens, batch requests, what a save sends,
// word counts.
import { describe, expect, it } from 'vitest';
import { href, parseRoute } from '../../renderer/routing/routes.ts';
import { actionsFor, batchRequest, STATUS_TABS } from '../../renderer/posts/list-options.ts';
import { fieldsOf, itemFieldsOf, requestBody } from '../../renderer/editor/post-fields.ts';
import { count } from '../../shared/count.ts';
import { statusName } from '../../renderer/posts/status-name.ts';
import { countWords, readingMinutes } from '../../renderer/editor/stats.ts';
import { readableText } from '../../renderer/editor/readable-text.ts';
import type { Post } from '../../shared/site-types.ts';

describe('screen addresses', () => {
  it('round-trips every screen through the URL hash, so reloads keep the screen', () => {
    for (const route of [
      { screen: 'list', kind: 'posts' },
      { screen: 'list', kind: 'pages' },
      { screen: 'edit', kind: 'pages', id: 42 },
      { screen: 'edit', kind: 'posts', id: null },
      { screen: 'media' },
      { screen: 'sites' },
    ] as const) {
      expect(parseRoute(href(route))).toEqual(route);
    }
    expect(parseRoute('')).toEqual({ screen: 'list', kind: 'posts' });
  });
});

describe('batch actions', () => {
  it('offers restore and delete in the trash, and publishing actions elsewhere', () => {
    expect(actionsFor(STATUS_TABS.find((tab) => tab.label === 'Trash')!)).toEqual(['restore', 'delete']);
    expect(actionsFor(STATUS_TABS[0])).toEqual(['publish', 'schedule', 'draft', 'trash']);
  });

  it('turns each action into the request the site expects', () => {
    expect(batchRequest('posts', 7, 'publish')).toEqual({ method: 'POST', path: '/cms/v2/posts/7', body: { status: 'publish' } });
    expect(batchRequest('pages', 7, 'schedule', '2031-01-02T10:00:00')).toEqual({ method: 'POST', path: '/cms/v2/pages/7', body: { status: 'future', date: '2031-01-02T10:00:00' } });
    expect(batchRequest('posts', 7, 'trash')).toEqual({ method: 'DELETE', path: '/cms/v2/posts/7' });
    // Restoring never publishes by surprise.
    expect(batchRequest('posts', 7, 'restore')).toEqual({ method: 'POST', path: '/cms/v2/posts/7', body: { status: 'draft' } });
    expect(batchRequest('posts', 7, 'delete')).toEqual({ method: 'DELETE', path: '/cms/v2/posts/7?force=true' });
  });
});

describe('saving an item', () => {
  const post = {
    // Never dated: the site moves its date with each save, so it equals its modification time.
    id: 3, type: 'post', status: 'draft', date: '2026-11-22T10:00:00', modified: '2026-11-22T10:00:00', slug: '', title: { raw: 'T', rendered: 'T' },
    content: { raw: '', rendered: '' }, excerpt: { raw: 'E', rendered: 'E' }, sticky: true, format: 'aside',
    categories: [1], tags: [2], featured_media: 0, template: '', meta: { footnotes: '' },
  } as unknown as Post;

  it('a published date keeps its seconds through a save', () => {
    const published = fieldsOf({ ...post, status: 'publish', date: '2024-03-05T11:19:03' });
    expect(published.date).toBe('2024-03-05T11:19:03');
    expect(requestBody('posts', { date: published.date }, itemFieldsOf(post))).toEqual({ date: '2024-03-05T11:19:03' });
  });

  it('shows an undated draft as published "immediately"', () => {
    expect(fieldsOf(post).date).toBe('');
  });

  it('shows the date a writer gave a draft, and publishing an undated item dates it now', () => {
    expect(fieldsOf({ ...post, date: '2031-01-02T09:00:00' }).date).toBe('2031-01-02T09:00:00');
    expect(requestBody('posts', { status: 'publish' }, itemFieldsOf(post))).toEqual({ status: 'publish', date: null });
  });

  it('shows a percent-encoded slug as the letters it stands for, and saves them as typed', () => {
    const cyrillic = fieldsOf({ ...post, slug: '%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%f0%9f%8e%89' } as Post);
    expect(cyrillic.slug).toBe('привет-🎉');
    expect(requestBody('posts', { slug: cyrillic.slug }, itemFieldsOf(post)).slug).toBe('привет-🎉');
    expect(fieldsOf({ ...post, slug: 'broken-%c3' } as Post).slug).toBe('broken-%c3');
  });

  it('leaves the categories to the site when none is ticked, so a post is never in no category', () => {
    expect(requestBody('posts', { categories: [] }, itemFieldsOf(post))).not.toHaveProperty('categories');
  });
});

describe('word count and readable text', () => {
  it('counts words in any script and rounds reading time up to a minute', () => {
    expect(countWords("It's a writer’s day — naïve café, 2026!")).toBe(7);
    expect(countWords('   ')).toBe(0);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(30)).toBe(1);
    expect(readingMinutes(1000)).toBe(5);
  });

  it('turns block markup into one line per block for diffs', () => {
    expect(readableText('<!-- wp:heading -->\n<h2 class="wp-block-heading">A &amp; B</h2>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>One<br>two</p>\n<!-- /wp:paragraph -->')).toBe('A & B\nOne\ntwo');
  });
});

describe('counts in words', () => {
  it('says 1 post but 0 and 2 posts', () => {
    expect([count(0, 'post'), count(1, 'post'), count(2, 'post'), count(1, 'item'), count(3, 'conflict')]).toEqual(['0 posts', '1 post', '2 posts', '1 item', '3 conflicts']);
  });
});

describe('status names', () => {
  it('names the statuses in words, and shows others as the site names them', () => {
    expect(['publish', 'future', 'draft', 'trash', 'ext-disabled'].map(statusName)).toEqual(['Published', 'Scheduled', 'Draft', 'Trash', 'ext-disabled']);
  });
});
