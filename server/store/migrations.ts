// Numbered schema migrations: entry N brings a database from user_version N-1 to N.
// Never edit a migration that has shipped; add the next one.
export const MIGRATIONS: readonly string[] = [
  /* 1: options, users, credentials, content, terms, search index */ `
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
  `,
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
];
