// One date format everywhere (issue 18): every date the renderer shows goes through
// renderer/components/site-dates.ts, which follows the site's zone and formats and names the
// zone. A screen that formats a date by itself (the browser's locale, a date library, the raw
// `2026-11-25T09:00` with its T replaced) fails this rule.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = path.resolve('renderer');
const THE_FORMATTER = path.join(RENDERER, 'components', 'site-dates.ts');

const OTHER_WAYS: { name: string; pattern: RegExp }[] = [
  { name: 'the browser locale\'s date format', pattern: /\.toLocale(?:Date|Time)?String\(/ },
  { name: 'Intl date formats', pattern: /\bIntl\s*\.\s*(?:DateTimeFormat|RelativeTimeFormat)\b/ },
  { name: 'a date library of its own', pattern: /from\s+['"](?:luxon|moment|moment-timezone|@wordpress\/date|date-fns|dayjs)(?:\/[^'"]*)?['"]/ },
  { name: 'Date\'s own text forms', pattern: /\.to(?:Date|Time|UTC|GMT)String\(/ },
  { name: 'a date put together from its parts', pattern: /\.get(?:UTC)?(?:FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(\)/ },
  { name: 'a raw ISO date shown with its T replaced', pattern: /\.replace\(\s*(?:['"]T['"]|\/T\/)/ },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function offences(text: string): string[] {
  return text.split('\n').flatMap((line, index) => line.trim().startsWith('//')
    ? []
    : OTHER_WAYS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${index + 1}: ${name}`));
}

describe('dates in the renderer', () => {
  it('recognises each other way of formatting a date', () => {
    const samples = [
      'kept {new Date(item.at).toLocaleString()}',
      'const d = when.toLocaleDateString("en-GB");',
      'new Intl.DateTimeFormat(undefined, { dateStyle: "long" })',
      "import { DateTime } from 'luxon';",
      "import { dateI18n } from '@wordpress/date';",
      'header: new Date(x).toUTCString()',
      '`${at.getHours()}:${at.getMinutes()}`',
      "{item.date.replace('T', ' ').slice(0, 16)}",
    ];
    for (const sample of samples) expect(offences(sample), sample).toHaveLength(1);
    expect(offences("const at = new Date(journal.at); // an instant, formatted by site-dates")).toEqual([]);
  });

  it('are formatted only by renderer/components/site-dates.ts', () => {
    const found = sources(RENDERER)
      .filter((file) => file !== THE_FORMATTER)
      .flatMap((file) => offences(fs.readFileSync(file, 'utf8')).map((offence) => `${path.relative(RENDERER, file)}:${offence}`));
    expect(found).toEqual([]);
  });
});
