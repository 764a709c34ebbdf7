// The two deployments of the interface: which namespaces they list, their meta fields
// and their status values.
import type { ArgSchema } from './rest/types.ts';
import { NAMESPACES } from '../shared/api-routes.ts';

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
    namespaces: [NAMESPACES.oembed, NAMESPACES.contactForm, NAMESPACES.cms, NAMESPACES.siteHealth, NAMESPACES.blockEditor, NAMESPACES.abilities],
    postMeta: { inline_featured_image: inlineFeaturedImage, footnotes },
    mediaMeta: { inline_featured_image: inlineFeaturedImage },
    writableStatuses: COMMON_STATUSES,
    filterStatuses: [...COMMON_STATUSES, ...FILTER_ONLY, 'any'],
  },
  b: {
    name: 'b',
    namespaces: [NAMESPACES.oembed, NAMESPACES.builder, NAMESPACES.seo, NAMESPACES.cms, NAMESPACES.siteHealth, NAMESPACES.blockEditor, NAMESPACES.abilities],
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
export function metaSchema(fields: Readonly<Record<string, MetaField>>): ArgSchema {
  const properties: Record<string, ArgSchema> = {};
  for (const [key, field] of Object.entries(fields)) {
    properties[key] = { type: field.type, description: field.description, default: field.default };
  }
  return { description: 'Meta fields.', type: 'object', properties };
}
