// Roles and what they may do, as the reference API's standard roles define it.
import type { RequestUser } from '../rest/types.ts';

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export type Capability =
  | 'read'
  | 'edit_posts'
  | 'edit_others_posts'
  | 'edit_published_posts'
  | 'publish_posts'
  | 'delete_posts'
  | 'delete_others_posts'
  | 'delete_published_posts'
  | 'read_private_posts'
  | 'edit_private_posts'
  | 'delete_private_posts'
  | 'edit_pages'
  | 'edit_others_pages'
  | 'edit_published_pages'
  | 'publish_pages'
  | 'delete_pages'
  | 'delete_others_pages'
  | 'delete_published_pages'
  | 'read_private_pages'
  | 'edit_private_pages'
  | 'delete_private_pages'
  | 'upload_files'
  | 'manage_categories'
  | 'unfiltered_html'
  | 'manage_options'
  | 'list_users'
  | 'edit_users';

const CONTRIBUTOR: Capability[] = ['read', 'edit_posts', 'delete_posts'];
const AUTHOR: Capability[] = [...CONTRIBUTOR, 'edit_published_posts', 'publish_posts', 'delete_published_posts', 'upload_files'];
const EDITOR: Capability[] = [
  ...AUTHOR,
  'edit_others_posts',
  'delete_others_posts',
  'read_private_posts',
  'edit_private_posts',
  'delete_private_posts',
  'edit_pages',
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'read_private_pages',
  'edit_private_pages',
  'delete_private_pages',
  'manage_categories',
  // On a single site, as the reference: their HTML is stored as written (others' is filtered).
  'unfiltered_html',
];
const ADMINISTRATOR: Capability[] = [...EDITOR, 'manage_options', 'list_users', 'edit_users'];

const CAPABILITIES: Record<Role, ReadonlySet<Capability>> = {
  administrator: new Set(ADMINISTRATOR),
  editor: new Set(EDITOR),
  author: new Set(AUTHOR),
  contributor: new Set(CONTRIBUTOR),
  subscriber: new Set<Capability>(['read']),
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Pages have their own capabilities (`edit_pages`, …), which only editors and administrators hold.
 * Synced patterns (`wp_block`) take the posts' (as WordPress maps its `*_blocks` capabilities),
 * but creating one needs the right to publish posts (`createCapability`).
 */
export function typeCapability(capability: Capability, type: string): Capability {
  return type === 'page' && capability.endsWith('_posts') ? (capability.replace(/_posts$/, '_pages') as Capability) : capability;
}

/** The right to create an item of `type`: WordPress maps a synced pattern's `create_posts` to `publish_posts`. */
export function createCapability(type: string): Capability {
  return type === 'wp_block' ? 'publish_posts' : typeCapability('edit_posts', type);
}

/** Whether the user may read any item of `type`: WordPress maps a synced pattern's `read` to `edit_posts`. */
export function canReadType(user: RequestUser | null | undefined, type: string): boolean {
  return type !== 'wp_block' || can(user, 'edit_posts');
}

export function can(user: RequestUser | null | undefined, capability: Capability): boolean {
  if (!user || !isRole(user.role)) return false;
  return CAPABILITIES[user.role].has(capability);
}
