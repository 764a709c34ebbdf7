// A post's text (title, content, excerpt) as a writer reads it in a comparison.
import { readableText } from './readable-text.ts';

export interface TextVersion {
  title: string;
  content: string;
  excerpt: string;
}

export const readableVersion = (version: TextVersion): string =>
  [version.title, readableText(version.content), version.excerpt].filter((part) => part.trim() !== '').join('\n\n');
