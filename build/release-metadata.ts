// The maintainers' details an installer carries (package.json's author and homepage: the deb's
// Maintainer, the app's About, the installers' publisher) must be real before a release.
// `npx tsx build/release-metadata.ts` fails on any placeholder (`.invalid`, RFC 2606).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLACEHOLDER = /\.invalid\b/i;

/** Each field (dotted path) of `value` whose text is a placeholder. */
export function placeholderFields(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return PLACEHOLDER.test(value) ? [at] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => placeholderFields(inner, at ? `${at}.${key}` : key));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const found = placeholderFields({ author: manifest.author, homepage: manifest.homepage, repository: manifest.repository });
  if (found.length > 0) {
    console.error(`package.json still has placeholder maintainer details (${found.join(', ')}): fill in the real author (name and e-mail) and homepage before a release.`);
    process.exit(1);
  }
  console.log('Maintainer details are filled in.');
}
