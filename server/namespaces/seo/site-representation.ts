// Who the site speaks for (a company or a person), kept as one option. Written by
// POST seo/v1/configuration/site_representation (settings-routes.ts); read here for the
// JSON-LD graph of GET seo/v1/get_head. Both sides use this module, so the option name and
// the shape live in one place: save with saveSiteRepresentation, read with getSiteRepresentation.
import type { Store } from '../../store/db.ts';
import { getRecordOption, mergeRecordOption } from '../../store/options.ts';

export const SITE_REPRESENTATION_OPTION = 'seo_site_representation';

export interface SiteRepresentation {
  company_or_person: 'company' | 'person';
  company_name: string;
  company_logo: string;
  company_logo_id: number;
  person_logo: string;
  person_logo_id: number;
  /** The user the site speaks for when it is a person; 0 when none is chosen. */
  company_or_person_user_id: number;
  description: string;
}

/** What a site that never chose represents: a company without a name (the graph then names the site). */
export const DEFAULT_SITE_REPRESENTATION: Readonly<SiteRepresentation> = {
  company_or_person: 'company',
  company_name: '',
  company_logo: '',
  company_logo_id: 0,
  person_logo: '',
  person_logo_id: 0,
  company_or_person_user_id: 0,
  description: '',
};

export function getSiteRepresentation(store: Store): SiteRepresentation {
  return getRecordOption(store, SITE_REPRESENTATION_OPTION, DEFAULT_SITE_REPRESENTATION);
}

/** Merges the fields a request sent into the stored representation. */
export function saveSiteRepresentation(store: Store, changes: Partial<SiteRepresentation>): SiteRepresentation {
  return mergeRecordOption(store, SITE_REPRESENTATION_OPTION, DEFAULT_SITE_REPRESENTATION, changes);
}
