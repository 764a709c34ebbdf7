// The two deployments of the interface: which namespaces they list, their meta fields
// and their status values.
import type { Deployment, DeploymentName } from './site-context.ts';
import type { MetaField } from './content/meta.ts';

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
