// Numbered schema migrations: entry N brings a database from version N-1 to N (SQLite's
// user_version; PostgreSQL's inkwell_schema table). Never edit a migration that has shipped;
// add the next one. One description for both engines: SQL in SQLite's words, which
// pg-dialect.ts translates (types, COLLATE NOCASE, WITHOUT ROWID); a part that the engines
// truly do differently (SQLite's FTS5 index, PostgreSQL's pg_trgm) is given for each.
import { postgresDdl } from './pg-dialect.ts';

/** SQL for one engine only, where the engines differ. */
export interface PerDialect {
  sqlite: string;
  postgres: string;
}

/** Portable SQL, or a list of portable and per-engine parts, run in order. */
export type Migration = string | PerDialect | readonly (string | PerDialect)[];

export function migrationSql(migration: Migration, dialect: 'sqlite' | 'postgres'): string {
  const parts = typeof migration === 'string' || !Array.isArray(migration) ? [migration as string | PerDialect] : migration;
  return parts
    .map((part) => (typeof part === 'string' ? (dialect === 'sqlite' ? part : postgresDdl(part)) : part[dialect]))
    .join('\n');
}

export const MIGRATIONS: readonly Migration[] = [
  /* 1: options, users, credentials, content, terms, search index */ [{
    sqlite: '',
    // Case-insensitive logins and email addresses (SQLite's NOCASE); substring search.
    postgres: `
  CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
  CREATE EXTENSION IF NOT EXISTS pg_trgm;`,
  }, `
  CREATE TABLE options (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    url TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    registered TEXT NOT NULL
  );

  CREATE TABLE app_passwords (
    uuid TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    app_id TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL,
    last_used TEXT
  );
  CREATE INDEX app_passwords_user ON app_passwords(user_id);

  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE posts (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    author INTEGER NOT NULL REFERENCES users(id),
    parent INTEGER NOT NULL DEFAULT 0,
    slug TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL DEFAULT '',
    excerpt TEXT NOT NULL DEFAULT '',
    title_rendered TEXT NOT NULL DEFAULT '',
    content_rendered TEXT NOT NULL DEFAULT '',
    excerpt_rendered TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL,
    date_gmt TEXT NOT NULL,
    modified TEXT NOT NULL,
    modified_gmt TEXT NOT NULL,
    password TEXT NOT NULL DEFAULT '',
    comment_status TEXT NOT NULL DEFAULT 'open',
    ping_status TEXT NOT NULL DEFAULT 'open',
    format TEXT NOT NULL DEFAULT 'standard',
    sticky INTEGER NOT NULL DEFAULT 0,
    template TEXT NOT NULL DEFAULT '',
    menu_order INTEGER NOT NULL DEFAULT 0,
    featured_media INTEGER NOT NULL DEFAULT 0,
    mime_type TEXT NOT NULL DEFAULT '',
    meta TEXT NOT NULL DEFAULT '{}',
    version INTEGER NOT NULL DEFAULT 1,
    status_before_trash TEXT,
    autosave INTEGER NOT NULL DEFAULT 0,
    -- A draft whose date was never set takes the date of its publication.
    date_floating INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX posts_type_status_date ON posts(type, status, date_gmt, id);
  CREATE INDEX posts_type_slug ON posts(type, slug);
  CREATE INDEX posts_parent ON posts(parent, type);
  CREATE INDEX posts_author ON posts(author, type);
  CREATE INDEX posts_type_modified ON posts(type, modified_gmt);
  CREATE INDEX posts_future ON posts(date_gmt) WHERE status = 'future';
  `, {
    sqlite: `
  -- Substring search over title, content and excerpt (trigram index, not a scan).
  CREATE VIRTUAL TABLE posts_search USING fts5(
    title, content, excerpt, content='posts', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts WHEN new.type <> 'revision' BEGIN
    INSERT INTO posts_search(rowid, title, content, excerpt) VALUES (new.id, new.title, new.content, new.excerpt);
  END;
  CREATE TRIGGER posts_search_delete AFTER DELETE ON posts WHEN old.type <> 'revision' BEGIN
    INSERT INTO posts_search(posts_search, rowid, title, content, excerpt)
      VALUES ('delete', old.id, old.title, old.content, old.excerpt);
  END;
  CREATE TRIGGER posts_search_update AFTER UPDATE OF title, content, excerpt ON posts
    WHEN old.type <> 'revision' BEGIN
    INSERT INTO posts_search(posts_search, rowid, title, content, excerpt)
      VALUES ('delete', old.id, old.title, old.content, old.excerpt);
    INSERT INTO posts_search(rowid, title, content, excerpt) VALUES (new.id, new.title, new.content, new.excerpt);
  END;
  `,
    // The same substring search: a trigram index (pg_trgm) that serves ILIKE '%word%'.
    postgres: `
  CREATE INDEX posts_search ON posts USING gin (title gin_trgm_ops, content gin_trgm_ops, excerpt gin_trgm_ops);
  `,
  }, `
  CREATE TABLE terms (
    id INTEGER PRIMARY KEY,
    taxonomy TEXT NOT NULL,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    parent INTEGER NOT NULL DEFAULT 0,
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (taxonomy, slug)
  );

  CREATE TABLE term_relationships (
    post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    term_id INTEGER NOT NULL REFERENCES terms(id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, term_id)
  ) WITHOUT ROWID;
  CREATE INDEX term_relationships_term ON term_relationships(term_id, post_id);
  `],
  /* 2: media files of attachments */ `
  CREATE TABLE media (
    post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
    file TEXT NOT NULL,
    original_file TEXT NOT NULL,
    alt_text TEXT NOT NULL DEFAULT '',
    details TEXT NOT NULL,
    missing_sizes TEXT NOT NULL DEFAULT '[]'
  );
  `,
  /* 3: cached oEmbed answers of other sites, kept past expiry for offline use */ `
  CREATE TABLE oembed_cache (
    key TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    fetched INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  /* 4: the page builder's custom icon sets; each icon is a sanitised SVG document */ `
  CREATE TABLE icon_sets (
    id INTEGER PRIMARY KEY,
    prefix TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_gmt TEXT NOT NULL
  );
  CREATE TABLE icons (
    set_id INTEGER NOT NULL REFERENCES icon_sets(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    svg TEXT NOT NULL,
    PRIMARY KEY (set_id, name)
  ) WITHOUT ROWID;
  `,
  /* 5: contact forms, their stored submissions (with uploaded files) and the mail they sent */ `
  CREATE TABLE contact_forms (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    locale TEXT NOT NULL,
    properties TEXT NOT NULL,
    created TEXT NOT NULL,
    modified TEXT NOT NULL
  );

  -- Submissions outlive their form, as a mailbox outlives a deleted address.
  CREATE TABLE contact_form_submissions (
    id INTEGER PRIMARY KEY,
    form_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    posted_data TEXT NOT NULL,
    posted_data_hash TEXT NOT NULL,
    meta TEXT NOT NULL,
    created TEXT NOT NULL,
    error TEXT
  );
  CREATE INDEX contact_form_submissions_form ON contact_form_submissions(form_id, id);

  CREATE TABLE contact_form_files (
    id INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES contact_form_submissions(id) ON DELETE CASCADE,
    field TEXT NOT NULL,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    bytes BLOB NOT NULL
  );
  CREATE INDEX contact_form_files_submission ON contact_form_files(submission_id);

  CREATE TABLE contact_form_mail (
    id INTEGER PRIMARY KEY,
    submission_id INTEGER REFERENCES contact_form_submissions(id) ON DELETE SET NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    sender TEXT NOT NULL,
    recipients TEXT NOT NULL,
    subject TEXT NOT NULL,
    raw BLOB,
    error TEXT,
    created TEXT NOT NULL
  );
  CREATE INDEX contact_form_mail_undelivered ON contact_form_mail(id) WHERE status <> 'sent';
  `,
  /* 6: seo indexables, links between them; one row per thing with a URL, rebuilt on every save */ `
  CREATE TABLE seo_indexables (
    id INTEGER PRIMARY KEY,
    -- post, term, post-type-archive, home-page, search-result, system-page
    object_type TEXT NOT NULL,
    -- post type, taxonomy, archived post type or system page name; '' for the others
    object_sub_type TEXT NOT NULL DEFAULT '',
    -- post or term id; 0 for things that are not rows of their own
    object_id INTEGER NOT NULL DEFAULT 0,
    permalink TEXT,
    title TEXT,
    description TEXT,
    breadcrumb_title TEXT,
    post_status TEXT,
    is_public INTEGER NOT NULL DEFAULT 1,
    is_protected INTEGER NOT NULL DEFAULT 0,
    author_id INTEGER,
    post_parent INTEGER,
    is_robots_noindex INTEGER,
    is_robots_nofollow INTEGER NOT NULL DEFAULT 0,
    is_cornerstone INTEGER NOT NULL DEFAULT 0,
    primary_focus_keyword TEXT,
    -- 1 to 100; NULL when not analysed (no text, no keyphrase)
    primary_focus_keyword_score INTEGER,
    readability_score INTEGER,
    estimated_reading_time_minutes INTEGER,
    -- NULL until the links of the object were indexed
    link_count INTEGER,
    incoming_link_count INTEGER NOT NULL DEFAULT 0,
    number_of_pages INTEGER,
    object_last_modified TEXT,
    object_published_at TEXT,
    updated_at TEXT NOT NULL,
    UNIQUE (object_type, object_id, object_sub_type)
  );
  CREATE INDEX seo_indexables_permalink ON seo_indexables(permalink);
  CREATE INDEX seo_indexables_scores ON seo_indexables(object_type, object_sub_type, post_status);

  CREATE TABLE seo_links (
    id INTEGER PRIMARY KEY,
    indexable_id INTEGER NOT NULL REFERENCES seo_indexables(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    -- internal, external, image-internal, image-external
    type TEXT NOT NULL,
    target_indexable_id INTEGER REFERENCES seo_indexables(id) ON DELETE SET NULL
  );
  CREATE INDEX seo_links_source ON seo_links(indexable_id);
  CREATE INDEX seo_links_target ON seo_links(target_indexable_id) WHERE target_indexable_id IS NOT NULL;
  -- Links written before their target existed, found again when it is indexed.
  CREATE INDEX seo_links_unresolved ON seo_links(url) WHERE target_indexable_id IS NULL;
  `,
  /* 7: the search index is brought up to date in batches (Store.updateSearchIndex), not at
     every write: writing it made each commit write a new FTS segment, the largest part of a
     create's cost. A row is either in the index with its current text, or in
     posts_search_pending and not in the index. PostgreSQL's index is always up to date. */ { postgres: '', sqlite: `
  CREATE TABLE posts_search_pending (id INTEGER PRIMARY KEY);
  DROP TRIGGER posts_search_insert;
  DROP TRIGGER posts_search_delete;
  DROP TRIGGER posts_search_update;
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts WHEN new.type <> 'revision' BEGIN
    INSERT OR IGNORE INTO posts_search_pending (id) VALUES (new.id);
  END;
  -- Only a row that is in the index takes its old words out (FTS5 needs the text it indexed).
  CREATE TRIGGER posts_search_delete AFTER DELETE ON posts WHEN old.type <> 'revision' BEGIN
    INSERT INTO posts_search(posts_search, rowid, title, content, excerpt)
      SELECT 'delete', old.id, old.title, old.content, old.excerpt
      WHERE NOT EXISTS (SELECT 1 FROM posts_search_pending WHERE id = old.id);
    DELETE FROM posts_search_pending WHERE id = old.id;
  END;
  CREATE TRIGGER posts_search_update AFTER UPDATE OF title, content, excerpt ON posts
    WHEN old.type <> 'revision' BEGIN
    INSERT INTO posts_search(posts_search, rowid, title, content, excerpt)
      SELECT 'delete', old.id, old.title, old.content, old.excerpt
      WHERE NOT EXISTS (SELECT 1 FROM posts_search_pending WHERE id = old.id);
    INSERT OR IGNORE INTO posts_search_pending (id) VALUES (new.id);
  END;
  ` },
  /* 8: trashed items carry their slug with a '__trashed' suffix (as the reference API), so
     that it no longer blocks new items; restoring asks for it back. */ `
  UPDATE posts SET slug = slug || '__trashed', version = version + 1
    WHERE status = 'trash' AND slug <> '' AND substr(slug, -9) <> '__trashed';
  `,
  /* 9: revisions are counted (the version-history link of every item shown) and the latest
     found from the index alone: autosaves are told apart there without reading each row. */ `
  DROP INDEX posts_parent;
  CREATE INDEX posts_parent ON posts(parent, type, autosave);
  `,
  /* 10: searches leave out protected items their asker may not edit; the few protected rows
     are found from this index, not by reading every row. */ `
  CREATE INDEX posts_protected ON posts(type, id) WHERE password <> '';
  `,
  /* 11: rate limits (sign-in attempts, contact-form submissions) counted in the database, so
     that they hold across several instances of the site. `client` is the limit's name and
     the client's address; times are milliseconds since 1970. */ `
  CREATE TABLE rate_limits (
    client TEXT PRIMARY KEY,
    window_ends BIGINT NOT NULL,
    count INTEGER NOT NULL
  );
  `,
  /* 12: PostgreSQL's trigram index leaves out revisions, as SQLite's does: every save writes
     one, and indexing each of its words again made saving cost twice what it needs. */ { sqlite: '', postgres: `
  DROP INDEX posts_search;
  CREATE INDEX posts_search ON posts USING gin (title gin_trgm_ops, content gin_trgm_ops, excerpt gin_trgm_ops) WHERE type <> 'revision';
  ` },
  /* 13: search ignores case in every script on both stores (search-text.ts): PostgreSQL's
     trigram index holds the columns lower-cased under ICU, as the searches now ask for them
     (the columns' own "C" collation lower-cased ASCII only, where SQLite's index folds all). */ { sqlite: '', postgres: `
  DROP INDEX posts_search;
  CREATE INDEX posts_search ON posts USING gin (
    (lower(title COLLATE "und-x-icu")) gin_trgm_ops, (lower(content COLLATE "und-x-icu")) gin_trgm_ops, (lower(excerpt COLLATE "und-x-icu")) gin_trgm_ops
  ) WHERE type <> 'revision';
  ` },
  /* 14: a media file's name, claimed by an upload in flight until its item's row names it:
     instances sharing a storage that has no exclusive create (an S3 server that ignores
     If-None-Match) never give two uploads one name. Times are milliseconds since 1970. */ `
  CREATE TABLE media_name_claims (
    path TEXT PRIMARY KEY,
    claimed_at BIGINT NOT NULL
  );
  `,
  /* 15: the search index is kept per field (posts_search_title, _content, _excerpt), and
     forgets a row's words by its id alone (FTS5's contentless_delete). A save no longer reads
     and tokenises the item's old text to take it out before answering, and indexes again only
     the fields whose text it changed (a new title does not index the content again): the write
     marks the row's fields pending (bits 1 title, 2 content, 4 excerpt; 8: a new row, with no
     entries to drop), and the batch that indexes their new text drops their old entries first.
     Searches bring the index up to date before reading it (Store.updateSearchIndex), so what an
     entry holds between saves is never seen. A deleted row's entries go at once (cheap by id):
     its id may be given again. */ { postgres: '', sqlite: `
  DROP TRIGGER posts_search_insert;
  DROP TRIGGER posts_search_delete;
  DROP TRIGGER posts_search_update;
  DROP TABLE posts_search;
  DROP TABLE posts_search_pending;
  CREATE VIRTUAL TABLE posts_search_title USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
  CREATE VIRTUAL TABLE posts_search_content USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
  CREATE VIRTUAL TABLE posts_search_excerpt USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
  INSERT INTO posts_search_title (rowid, text) SELECT id, title FROM posts WHERE type <> 'revision' AND title <> '';
  INSERT INTO posts_search_content (rowid, text) SELECT id, content FROM posts WHERE type <> 'revision' AND content <> '';
  INSERT INTO posts_search_excerpt (rowid, text) SELECT id, excerpt FROM posts WHERE type <> 'revision' AND excerpt <> '';
  CREATE TABLE posts_search_pending (id INTEGER PRIMARY KEY, fields INTEGER NOT NULL);
  CREATE TRIGGER posts_search_insert AFTER INSERT ON posts WHEN new.type <> 'revision' BEGIN
    INSERT INTO posts_search_pending (id, fields) VALUES (new.id, 8);
  END;
  CREATE TRIGGER posts_search_delete AFTER DELETE ON posts WHEN old.type <> 'revision' BEGIN
    DELETE FROM posts_search_title WHERE rowid = old.id;
    DELETE FROM posts_search_content WHERE rowid = old.id;
    DELETE FROM posts_search_excerpt WHERE rowid = old.id;
    DELETE FROM posts_search_pending WHERE id = old.id;
  END;
  CREATE TRIGGER posts_search_update_title AFTER UPDATE OF title ON posts
    WHEN old.type <> 'revision' AND old.title IS NOT new.title BEGIN
    INSERT INTO posts_search_pending (id, fields) VALUES (new.id, 1) ON CONFLICT (id) DO UPDATE SET fields = fields | excluded.fields;
  END;
  CREATE TRIGGER posts_search_update_content AFTER UPDATE OF content ON posts
    WHEN old.type <> 'revision' AND old.content IS NOT new.content BEGIN
    INSERT INTO posts_search_pending (id, fields) VALUES (new.id, 2) ON CONFLICT (id) DO UPDATE SET fields = fields | excluded.fields;
  END;
  CREATE TRIGGER posts_search_update_excerpt AFTER UPDATE OF excerpt ON posts
    WHEN old.type <> 'revision' AND old.excerpt IS NOT new.excerpt BEGIN
    INSERT INTO posts_search_pending (id, fields) VALUES (new.id, 4) ON CONFLICT (id) DO UPDATE SET fields = fields | excluded.fields;
  END;
  ` },
  /* 16: revisions are left out of the indexes that find items by type (by status and date, by
     slug, by modified date): every save writes a revision, and each of these entries cost it
     about a tenth of its insert, for no query: revisions are found under their parent
     (posts_parent). Queries of items say "type <> 'revision'" (ITEMS_ONLY, posts.ts) so that
     SQLite uses these indexes. PostgreSQL keeps its own. */ { postgres: '', sqlite: `
  DROP INDEX posts_type_status_date;
  CREATE INDEX posts_type_status_date ON posts(type, status, date_gmt, id) WHERE type <> 'revision';
  DROP INDEX posts_type_slug;
  CREATE INDEX posts_type_slug ON posts(type, slug) WHERE type <> 'revision';
  DROP INDEX posts_type_modified;
  CREATE INDEX posts_type_modified ON posts(type, modified_gmt) WHERE type <> 'revision';
  ` },
  /* 17: writes made under a request id (Idempotency-Key, or the X-Request-Id nginx sets and sends
     again with a request it re-sends): written in the transaction of the write, so that a request
     sent again is answered as the first was, not applied twice (server/resent-writes.ts). Times
     are milliseconds since 1970; a record older than a day is pruned. */ `
  CREATE TABLE request_records (
    user_id BIGINT NOT NULL,
    request_key TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    digest TEXT NOT NULL,
    recorded_at BIGINT NOT NULL,
    status INTEGER,
    item_path TEXT,
    answer TEXT,
    PRIMARY KEY (user_id, request_key)
  );
  CREATE INDEX request_records_recorded ON request_records(recorded_at);
  `,
  /* 18: a contact-form submission keeps the values its visitor chose where the form's pipes (or
     free text) changed them, JSON by field, so that its mail sent after its process died fills
     `[_raw_…]` tags as the live mail does. NULL marks a submission stored by an earlier version,
     which claimed no mail before sending it: one it left `received` is never sent at a start
     (unmailed-feedback.ts). The start looks for unsent ones through a partial index of them:
     a handful among all the submissions a site has kept. */ `
  ALTER TABLE contact_form_submissions ADD COLUMN raw_data TEXT;
  CREATE INDEX contact_form_submissions_unmailed ON contact_form_submissions(id) WHERE status = 'received' AND raw_data IS NOT NULL;
  `,
  /* 19: the answer of each item of a batch made under a request id, told in the item's
     transaction until the batch's answer completes its record (server/resent-writes.ts): a row
     each, so that an item writes only its own answer; deleted with the record's completion, or
     pruned with records past their day. */ `
  CREATE TABLE request_records_items (
    user_id BIGINT NOT NULL,
    request_key TEXT NOT NULL,
    recorded_at BIGINT NOT NULL,
    item INTEGER NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (user_id, request_key, recorded_at, item)
  );
  CREATE INDEX request_records_items_recorded ON request_records_items(recorded_at);
  `,
  /* 20: a contact-form submission's autoresponder (its form's second mail): 'pending' from the
     transaction that settles its mail as sent until one process claims it ('claimed', committed
     before it goes: never sent again, as the server may have it), so that one lost with its
     process is sent when the site next starts or the visitor sends the feedback again
     (unmailed-feedback.ts). NULL: its form sends none, or it was stored by an earlier version. The
     start finds pending ones through a partial index of them. */ `
  ALTER TABLE contact_form_submissions ADD COLUMN autoresponder TEXT;
  CREATE INDEX contact_form_submissions_autoresponder_pending ON contact_form_submissions(id) WHERE autoresponder = 'pending';
  `,
];
