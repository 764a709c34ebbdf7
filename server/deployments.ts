// The two deployments of the interface: which namespaces they list, their meta fields
// and their status values.
import type { ArgSchema } from './rest/types.ts';

export type DeploymentName = 'a' | 'b';

export interface MetaField {
  type: 'boolean' | 'string';
  default: boolean | string;
  description: string;
}

export interface Deployment {
  name: DeploymentName;
  /** Namespaces in index order; each gets a namespace index route. */
  namespaces: readonly string[];
  postMeta: Readonly<Record<string, MetaField>>;
  mediaMeta: Readonly<Record<string, MetaField>>;
  writableStatuses: readonly string[];
  /** Every value a list may filter on (writable ones, filter-only ones and `any`). */
  filterStatuses: readonly string[];
}

const COMMON_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];
const FILTER_ONLY = [
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
];
const B_STATUSES = ['ext-disabled', 'unread', 'read'];

const footnotes: MetaField = { type: 'string', default: '', description: '' };
const inlineFeaturedImage: MetaField = { type: 'boolean', default: false, description: '' };

export const DEPLOYMENTS: Readonly<Record<DeploymentName, Deployment>> = {
  a: {
    name: 'a',
    namespaces: ['oembed/1.0', 'contact-form/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
    postMeta: { inline_featured_image: inlineFeaturedImage, footnotes },
    mediaMeta: { inline_featured_image: inlineFeaturedImage },
    writableStatuses: COMMON_STATUSES,
    filterStatuses: [...COMMON_STATUSES, ...FILTER_ONLY, 'any'],
  },
  b: {
    name: 'b',
    namespaces: ['oembed/1.0', 'builder/v1', 'seo/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
    postMeta: {
      _ext_changed: { type: 'boolean', default: false, description: '' },
      _builder_hide_in_design_set: { type: 'boolean', default: false, description: '' },
      _builder_tags: { type: 'string', default: '', description: '' },
      footnotes,
    },
    mediaMeta: {},
    writableStatuses: [...COMMON_STATUSES, ...B_STATUSES],
    filterStatuses: [...COMMON_STATUSES, ...FILTER_ONLY, ...B_STATUSES, 'ext-rewrite-republish', 'any'],
  },
};

export function isDeploymentName(value: string): value is DeploymentName {
  return value === 'a' || value === 'b';
}

/** The `meta` field's descriptor: one property per meta key of the deployment. */
export function metaSchema(fields: Readonly<Record<string, MetaField>>) {
  const properties: Record<string, ArgSchema> = {};
  for (const [key, field] of Object.entries(fields)) {
    properties[key] = { type: field.type, description: field.description, default: field.default };
  }
  return { description: 'Meta fields.', type: 'object', properties } as const satisfies ArgSchema;
}
