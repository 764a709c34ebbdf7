// Where the third-party connectors of seo/v1 send their requests: the base URLs of the
// keyword-research and rank-tracking services, and how long to wait for them. The site owner
// sets them (`npm run site -- seo set-service`); no REST route can change them.
import type { Store } from '../../store/db.ts';
import { getRecordOption, mergeRecordOption } from '../../store/options.ts';

export type Service = 'kwresearch' | 'rank';

export const SERVICE_NAMES: Readonly<Record<Service, string>> = { kwresearch: 'keyword-research', rank: 'rank-tracking' };

const OPTION = 'seo_connector_services';
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ServiceSettings {
  kwresearch_url: string;
  rank_url: string;
  timeout_ms: number;
}

const DEFAULT_SERVICES: Readonly<ServiceSettings> = { kwresearch_url: '', rank_url: '', timeout_ms: DEFAULT_TIMEOUT_MS };

export function serviceSettings(store: Store): ServiceSettings {
  return getRecordOption(store, OPTION, DEFAULT_SERVICES);
}

/** A service's base URL with a trailing slash, so that its paths resolve below it. */
function baseUrl(text: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} "${text}" is not a URL; write it as https://host/path.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${flag} must be an http or https URL.`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

/** Checks and stores what was given; the rest stays as it was. */
export function setServices(store: Store, input: { kwresearchUrl?: string; rankUrl?: string; timeoutMs?: string }): ServiceSettings {
  if (Object.values(input).every((value) => value === undefined)) throw new Error('Give --kwresearch-url, --rank-url or --timeout-ms.');
  const next: Partial<ServiceSettings> = {};
  if (input.kwresearchUrl !== undefined) next.kwresearch_url = baseUrl(input.kwresearchUrl, '--kwresearch-url');
  if (input.rankUrl !== undefined) next.rank_url = baseUrl(input.rankUrl, '--rank-url');
  if (input.timeoutMs !== undefined) {
    const timeout = Number(input.timeoutMs);
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > 300_000) throw new Error('--timeout-ms takes a whole number of milliseconds from 1 to 300000.');
    next.timeout_ms = timeout;
  }
  return mergeRecordOption(store, OPTION, DEFAULT_SERVICES, next);
}
