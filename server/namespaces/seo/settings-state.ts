// What the settings routes of seo/v1 keep, all in the options table: the site's choices in
// one option each, and each user's own (introductions seen, video embed permission,
// dismissed alerts) in options named after the user, as Yoast keeps them in user meta.
import type { Store } from '../../store/db.ts';
import { getOption, setOption, updateOption } from '../../store/options.ts';
import { SERVICE_NAMES, type Service } from './connector-services.ts';

export interface SiteSetting<T> {
  get(store: Store): T;
  set(store: Store, value: T): void;
  /** Changes the value from the stored one under the write lock: a change saved meanwhile (another instance) is kept. */
  update(store: Store, change: (current: T) => T): T;
}

export interface UserSetting<T> {
  get(store: Store, userId: number): T;
  set(store: Store, userId: number, value: T): void;
  update(store: Store, userId: number, change: (current: T) => T): T;
}

/** Fallbacks are copied, so that a caller changing what it read never changes the default. */
const copy = <T>(value: T): T => structuredClone(value);

function siteSetting<T>(name: string, fallback: T): SiteSetting<T> {
  return {
    get: (store) => getOption<T>(store, name) ?? copy(fallback),
    set: (store, value) => setOption(store, name, value),
    update: (store, change) => updateOption(store, name, copy(fallback), change),
  };
}

function userSetting<T>(name: string, fallback: T): UserSetting<T> {
  const option = (userId: number) => `${name}:user:${userId}`;
  return {
    get: (store, userId) => getOption<T>(store, option(userId)) ?? copy(fallback),
    set: (store, userId, value) => setOption(store, option(userId), value),
    update: (store, userId, change) => updateOption(store, option(userId), copy(fallback), change),
  };
}

/** The site's content types that the "new" badges of the settings screens are about. */
export const CONTENT_TYPES = { postTypes: ['post', 'page', 'attachment'], taxonomies: ['category', 'post_tag'] } as const;

/** The integrations that can be switched off: the two connectors. */
export type Integration = Service;
export const INTEGRATIONS = Object.keys(SERVICE_NAMES) as Integration[];

export const SETUP_STEP_FIELDS = [
  'setup_widget_loaded', 'setup_widget_temporarily_dismissed', 'setup_widget_permanently_dismissed',
  'first_interaction_stage', 'last_interaction_stage',
] as const;

export interface TrackedKeyphrase {
  id: string;
  keyword: string;
  tracked_at: string;
}

export interface RankLimits {
  canTrack: boolean;
  limit: number | null;
  usage: number;
  historyDays: number | null;
}

export const settings = {
  tracking: siteSetting<boolean>('seo_tracking', false),
  configurationSteps: siteSetting<string[]>('seo_configuration_finished_steps', []),
  integrations: siteSetting<Record<Integration, boolean>>('seo_integrations', { kwresearch: true, rank: true }),
  // Every content type counts as new to the settings until someone dismisses its badge: the
  // search-optimisation namespace arrived after the site's content types did.
  newContentTypes: siteSetting<{ postTypes: string[]; taxonomies: string[] }>('seo_new_content_types', {
    postTypes: [...CONTENT_TYPES.postTypes], taxonomies: [...CONTENT_TYPES.taxonomies],
  }),
  connectorConfigurationDismissed: siteSetting<boolean>('seo_connector_configuration_dismissed', false),
  setupSteps: siteSetting<Partial<Record<(typeof SETUP_STEP_FIELDS)[number], string>>>('seo_setup_steps_tracking', {}),
  /** Per importer (`plugin/type`), the id of the last post its previous batch looked at. */
  importCursors: siteSetting<Record<string, number>>('seo_import_cursors', {}),
  kwresearchCountryCode: siteSetting<string>('seo_kwresearch_country_code', 'us'),
  rankWebsiteId: siteSetting<string>('seo_rank_website_id', ''),
  /** The keyphrases the rank-tracking service tracks for the site, by lower-cased keyphrase. */
  rankTracked: siteSetting<Record<string, TrackedKeyphrase>>('seo_rank_tracked_keyphrases', {}),
  /** The account's limits as the service last told them. */
  rankLimits: siteSetting<RankLimits | null>('seo_rank_limits', null),
  introductionsSeen: userSetting<Record<string, boolean>>('seo_introductions_seen', {}),
  videoEmbedPermission: userSetting<boolean>('seo_video_embed_permission', false),
  alertsDismissed: userSetting<string[]>('seo_alerts_dismissed', []),
};
