// The templates the site's reading pages can apply to a post or page, declared as the
// `template` field's enum (as the reference did for a theme's page templates) and checked as
// the reference's check_template does (an item may keep the one it has). A local copy
// of a connected site takes its remote's templates, which only the remote knows: there the
// field has no enum, and the remote judges the value when the item is pushed.
import { ValidationError, invalidParams } from '../rest/errors.ts';

/** The item types a template may be for (post-schema.ts's PostType, which builds on this file, less synced patterns). */
export type TemplatedType = 'post' | 'page';

export interface PageTemplate {
  slug: string;
  title: string;
  postTypes: readonly TemplatedType[];
}

/** The local site's own templates (server/pages/post-page.ts draws them). */
export const SITE_TEMPLATES: readonly PageTemplate[] = [
  { slug: 'full-width', title: 'Full width', postTypes: ['page', 'post'] },
  { slug: 'no-title', title: 'No title', postTypes: ['page'] },
];

/** The values a type's `template` may take: its templates, then the empty default (the reference's order). */
export function templateChoices(templates: readonly PageTemplate[], type: TemplatedType): string[] {
  return [...templates.filter((template) => template.postTypes.includes(type)).map((template) => template.slug), ''];
}

/**
 * The reference's check of a written template: the default, one the site offers for the type,
 * or the one the item has already. `templates` null (a local copy) checks nothing.
 */
export function checkTemplate(templates: readonly PageTemplate[] | null, type: TemplatedType, template: string, current: string): void {
  if (templates === null || template === '' || template === current) return;
  const offered = templateChoices(templates, type).filter(Boolean);
  if (offered.includes(template)) return;
  throw invalidParams({ template: new ValidationError('rest_invalid_param', `template is not one of ${offered.join(', ')}.`) });
}
