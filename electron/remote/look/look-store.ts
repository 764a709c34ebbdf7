// The saved copy of a remote site's look, in the site's own folder (`sites/<id>/look/`): the
// template with the page it came from and when (look.json), and the stylesheets, fonts and
// images it needs (files/<key>, their addresses and types in files.json), so that a preview
// is drawn without the network. What is missing is fetched from the remote within limits;
// saving a new template keeps only the files it used.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { BODY_LIMITS, boundedResponse } from '../client/bounded-body.ts';
import { readJsonFile, writeJsonFile } from '../connect/json-file.ts';
import type { LookFiles } from './look-styles.ts';

export interface SavedLook {
  template: string;
  /** The remote page the look was taken from. */
  source: string;
  /** When it was taken (ISO time). */
  savedAt: string;
}

interface SavedFile {
  url: string;
  type: string;
}

/** A saved file's place in a template; drawing a preview puts the file's data there. */
const REF_PREFIX = 'inkwell-look:';
const REF = /inkwell-look:([0-9a-f]{32})/g;
/** A limit against a page that names countless files: a theme needs a few dozen, mostly small (each within BODY_LIMITS.lookFile). */
const MAX_FILES = 200;

export class LookStore implements LookFiles {
  private readonly index: Record<string, SavedFile>;
  private readonly used = new Set<string>();
  private fetched = 0;

  constructor(
    private readonly dir: string,
    /** The remote's fetch, with its time limit, reaching only its origins; null to use only what is saved. */
    private readonly fetchRemote: typeof fetch | null = null,
  ) {
    this.index = readJsonFile<Record<string, SavedFile>>(this.indexFile, {});
  }

  private get indexFile(): string {
    return path.join(this.dir, 'files.json');
  }

  private filePath(key: string): string {
    return path.join(this.dir, 'files', key);
  }

  saved(): SavedLook | null {
    return readJsonFile<SavedLook | null>(path.join(this.dir, 'look.json'), null);
  }

  /** The saved file of `url`, fetched first when missing; null when it cannot be had. */
  private async keep(url: string, expected: RegExp): Promise<string | null> {
    const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
    if (!this.index[key] || !fs.existsSync(this.filePath(key))) {
      if (!this.fetchRemote || this.fetched >= MAX_FILES) return null;
      this.fetched++;
      const body = await this.download(url);
      if (!body || !expected.test(body.type)) return null;
      fs.mkdirSync(path.dirname(this.filePath(key)), { recursive: true });
      fs.writeFileSync(this.filePath(key), body.data);
      this.index[key] = { url, type: body.type };
    }
    this.used.add(key);
    return key;
  }

  private async download(url: string): Promise<{ type: string; data: Buffer } | null> {
    try {
      // Another origin's file, or one too large, is refused here: the template leaves it out.
      const response = boundedResponse(await this.fetchRemote!(url), BODY_LIMITS.lookFile, url);
      if (response.status !== 200) {
        await response.body?.cancel();
        return null;
      }
      return { type: fileType(response.headers.get('content-type'), url), data: Buffer.from(await response.arrayBuffer()) };
    } catch {
      return null;
    }
  }

  async stylesheet(url: string): Promise<string | null> {
    const key = await this.keep(url, /^text\/css$/);
    // Kept although the template inlines it: the next look taken reuses it unless its address changed.
    if (!key) return null;
    return fs.readFileSync(this.filePath(key), 'utf8');
  }

  async file(url: string): Promise<string | null> {
    const key = await this.keep(url, /^(image|font)\/|^application\/(font|x-font|vnd\.ms-fontobject)/);
    return key && `${REF_PREFIX}${key}`;
  }

  /** Saves the template and forgets the files it does not use. */
  save(template: string, source: string): SavedLook {
    const look = { template, source, savedAt: new Date().toISOString() };
    for (const key of Object.keys(this.index)) {
      if (this.used.has(key)) continue;
      fs.rmSync(this.filePath(key), { force: true });
      delete this.index[key];
    }
    writeJsonFile(this.indexFile, this.index, 0o644);
    writeJsonFile(path.join(this.dir, 'look.json'), look, 0o644);
    return look;
  }

  /** The template with each saved file's data in place of its reference (a file gone missing is left out). */
  draw(template: string): string {
    return template.replace(REF, (_ref, key: string) => {
      const saved = this.index[key];
      if (!saved || !fs.existsSync(this.filePath(key))) return 'about:invalid';
      return `data:${saved.type};base64,${fs.readFileSync(this.filePath(key)).toString('base64')}`;
    });
  }
}

/** The type a file is used as; servers often send fonts as octet-stream, so the name decides there. */
function fileType(header: string | null, url: string): string {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/octet-stream') return type;
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const byName: Record<string, string> = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf', otf: 'font/otf', eot: 'application/vnd.ms-fontobject', css: 'text/css' };
  return (extension && byName[extension]) ?? 'application/octet-stream';
}
