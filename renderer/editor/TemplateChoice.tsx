// The template of a post or page, picked from the templates of the site it is written for;
// a template the site no longer offers stays chosen (and says so), and when the templates
// cannot be read (a connected site offline) the name can still be typed.
import type { PostCollection } from '../../shared/api-routes.ts';
import { templateName } from '../../shared/site-templates.ts';
import { describeError } from '../components/ErrorNotice.tsx';
import { useSiteTemplates } from '../posts/useSiteTemplates.ts';

export function TemplateChoice({ collection, value, onChange }: { collection: PostCollection; value: string; onChange(template: string): void }) {
  const templates = useSiteTemplates(collection);
  if (templates.error) {
    return (
      <label>
        Template (empty: the site's default)
        <input value={value} onChange={(event) => onChange(event.target.value)} />
        <span className="muted">The site's templates could not be read: {describeError(templates.error)}</span>
      </label>
    );
  }
  const offered = templates.data ?? [];
  return (
    <label>
      Template
      <select value={value} disabled={!templates.data} onChange={(event) => onChange(event.target.value)}>
        <option value="">Default template</option>
        {value !== '' && !offered.some((template) => template.slug === value) && (
          <option value={value}>{templates.data ? `${templateName(value)} (no longer offered by the site)` : templateName(value)}</option>
        )}
        {offered.map((template) => <option key={template.slug} value={template.slug}>{template.title}</option>)}
      </select>
      {templates.data && offered.length === 0 && <span className="muted">The site lists no other templates for this account.</span>}
    </label>
  );
}
