// The two deployments of the interface: which namespaces they list, their meta fields
// and their status values.
import type { Deployment, DeploymentName } from './site-context.ts';
import type { MetaField } from './content/meta.ts';
import { NAMESPACES } from '../shared/api-routes.ts';

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
