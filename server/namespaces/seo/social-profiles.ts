// The site's profiles on other networks, kept as one option. Written by
// POST seo/v1/configuration/social_profiles (config-routes.ts); read for the `sameAs` links
// of the site's Organization or Person in the JSON-LD graph of GET seo/v1/get_head.
import type { Store } from '../../store/db.ts';
import { getRecordOption, mergeRecordOption } from '../../store/options.ts';

export const SOCIAL_PROFILES_OPTION = 'seo_social_profiles';

export interface SocialProfiles {
  network_a_site: string;
  network_b_site: string;
  other_social_urls: string[];
}

const NO_PROFILES: Readonly<SocialProfiles> = { network_a_site: '', network_b_site: '', other_social_urls: [] };

export function getSocialProfiles(store: Store): SocialProfiles {
  return getRecordOption(store, SOCIAL_PROFILES_OPTION, NO_PROFILES);
}

/** Merges the fields a request sent; an empty string clears a network. */
export function saveSocialProfiles(store: Store, changes: Partial<SocialProfiles>): SocialProfiles {
  return mergeRecordOption(store, SOCIAL_PROFILES_OPTION, NO_PROFILES, changes);
}

