// Block patterns, in WordPress's shape (`/wp/v2/block-patterns/patterns` and `/categories`,
// WordPress 6.0+): the app's own (renderer/editor/app-patterns.ts) and those a connected
// WordPress lends, which the inserter lists beside the blocks.

/** A pattern: blocks a writer inserts as they are, then edits. */
export interface BlockPattern {
  /** Its unique name, such as `inkwell/call-to-action` or `twentytwentythree/cta`. */
  name: string;
  title: string;
  /** The names of its categories. */
  categories: string[];
  keywords: string[];
  description: string;
  /** Its block markup. */
  content: string;
  /** False when the site keeps it out of the inserter (a template's own pattern). */
  inserter?: boolean;
}

export interface PatternCategory {
  name: string;
  label: string;
}

/** A site's patterns and the labels of their categories. */
export interface SitePatterns {
  patterns: BlockPattern[];
  categories: PatternCategory[];
}

export const NO_PATTERNS: SitePatterns = { patterns: [], categories: [] };
