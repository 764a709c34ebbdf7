// List visibility in SQL against the item rules in code, exhaustively: every status, owner,
// password and parent (attachments) for every role and a visitor, in plain lists, edit-context
// lists and searches. A list must hold exactly the items the item rules let the asker see.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { insertPost, type NewPostRow, type PostRow } from '../../server/store/posts.ts';
import { runPostQuery } from '../../server/store/post-query.ts';
import { createUserCommand } from '../../server/auth/account-commands.ts';
import { ROLES } from '../../server/auth/capabilities.ts';
import { canEditPost, canReadPost, listVisibility } from '../../server/content/post-permissions.ts';
import type { RequestUser } from '../../server/rest/types.ts';

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
const WRITERS = ['administrator', 'editor', 'author', 'contributor'] as const;

let dir: string;
let store: SqliteStore;
const users = new Map<string, RequestUser>();
const rows: PostRow[] = [];

function row(fields: Partial<NewPostRow>): NewPostRow {
  return {
    type: 'post', status: 'publish', author: 0, parent: 0, slug: '', title: 'An item', content: 'a needle inside', excerpt: '',
    title_rendered: 'An item', content_rendered: '<p>a needle inside</p>', excerpt_rendered: '', date: '2026-01-01T00:00:00',
    date_gmt: '2026-01-01T00:00:00', modified: '2026-01-01T00:00:00', modified_gmt: '2026-01-01T00:00:00', password: '',
    comment_status: 'open', ping_status: 'open', format: 'standard', sticky: 0, template: '', menu_order: 0, featured_media: 0,
    mime_type: '', meta: '{}', status_before_trash: null, autosave: 0, date_floating: 0, ...fields,
  };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-visibility-'));
  store = new SqliteStore(path.join(dir, 'site.db'));
  for (const role of ROLES) {
    const { user } = createUserCommand(store, { login: `${role}-x`, role, password: `${role}-password-long` });
    users.set(role, { id: user.id, login: user.login, role });
  }
  const parents: number[] = [];
  for (const type of ['post', 'page']) {
    for (const status of STATUSES) {
      for (const writer of WRITERS) {
        for (const password of ['', 'pw']) {
          const id = insertPost(store, row({ type, status, author: users.get(writer)!.id, password, status_before_trash: status === 'trash' ? 'publish' : null }));
          parents.push(id);
        }
      }
    }
  }
  // Attachments: attached to each of those, to nothing, and to an item that is gone.
  for (const parent of [...parents, 0, 999_999]) {
    for (const uploader of ['editor', 'author'] as const) {
      insertPost(store, row({ type: 'attachment', status: 'inherit', parent, author: users.get(uploader)!.id, mime_type: 'image/png' }));
    }
  }
  rows.push(...store.all<PostRow>('SELECT * FROM posts ORDER BY id'));
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('list visibility', () => {
  it.each(['post', 'page', 'attachment'])('lists of %s items hold exactly what the item rules allow, for every asker', (type) => {
    const mismatches: string[] = [];
    for (const asker of [...ROLES.map((role) => users.get(role)!), null]) {
      for (const editableOnly of [false, true]) {
        for (const search of [false, true]) {
          const ofType = rows.filter((candidate) => candidate.type === type);
          const { ids } = runPostQuery(store, {
            type, statuses: [...new Set(ofType.map((candidate) => candidate.status))], visibility: listVisibility(asker, type, editableOnly),
            search: search ? { text: 'needle', columns: [], exact: false } : undefined,
            orderby: 'id', order: 'asc', limit: 100_000, offset: 0,
          });
          const expected = ofType.filter((candidate) => canReadPost(asker, candidate, store)
            && (!editableOnly || canEditPost(asker, candidate))
            && (!search || candidate.password === '' || canEditPost(asker, candidate))).map((candidate) => candidate.id);
          if (JSON.stringify(ids) !== JSON.stringify(expected)) {
            const extra = ids.filter((id) => !expected.includes(id));
            const missing = expected.filter((id) => !ids.includes(id));
            mismatches.push(`${asker?.role ?? 'visitor'} edit=${editableOnly} search=${search}: extra ${extra.join(',')} missing ${missing.join(',')}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
