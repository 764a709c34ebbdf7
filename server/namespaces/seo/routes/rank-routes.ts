// The rank-tracking connector of seo/v1 (modelled on Yoast's Wincher routes): sign-in by
// authorization URL and code (with PKCE), track and untrack keyphrases, their rankings, and
// the account's limit and upgrade offer. The site keeps the keyphrases it tracks and the last
// limits it was told, so that its list still answers while the service cannot be reached.
// For anyone who publishes posts or pages, as in Yoast.
import { createHash, randomBytes } from 'node:crypto';
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError, ValidationError, invalidParams, missingParams } from '../../../rest/errors.ts';
import { respondUncached } from '../../../rest/response.ts';
import { allowIntegration } from './settings-access.ts';
import { settings, type RankLimits, type TrackedKeyphrase } from '../settings-state.ts';
import { seoRoute, writtenWithAnswer } from './settings-paths.ts';
import { CLIENT_ID, callAuthorized, exchangeTokens, keepTokens, serviceUrl, tokenSummary } from '../connector-client.ts';
import { forgetSecret, readSecret, saveSecret } from '../connector-secrets.ts';
import { nonEmptyText } from './connector-args.ts';

const SIGN_IN_SECRET = 'rank_sign_in';

interface ServiceKeyphrase {
  id: string | number;
  keyword: string;
  [field: string]: unknown;
}

/** `keyphrases` as one string or a list of them, each with something in it. */
function keyphraseList(value: unknown, name = 'keyphrases'): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item.trim() !== '')) {
    throw invalidParams({ [name]: new ValidationError('rest_invalid_param', `${name} must be a keyphrase or a list of keyphrases.`) });
  }
  return [...new Set(list.map((item) => (item as string).trim()))];
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const keyOf = (keyword: string) => keyword.toLowerCase();

/** The keyphrases of a service answer (`{data: [...]}`), checked for the fields the site keeps. */
function serviceKeyphrases(answer: unknown): ServiceKeyphrase[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || !data.every((item) => item && typeof item.keyword === 'string' && (typeof item.id === 'string' || typeof item.id === 'number'))) {
    throw new RestError('seo_service_error', 'The rank-tracking service answered without a list of keyphrases.', 502, { service: 'rank' });
  }
  return data as ServiceKeyphrase[];
}

export function rankRoutes(site: SiteContext): Route[] {
  const { store } = site;
  const permission = allowIntegration(store, 'rank', 'publish_posts', 'publish_pages');

  const websiteId = (): string => {
    const id = settings.rankWebsiteId.get(store);
    if (!id) throw new RestError('seo_not_connected', 'This site is not connected to the rank-tracking service: authenticate first (rank/authenticate).', 400, { service: 'rank' });
    return id;
  };

  /** The account's limits as the service tells them now; kept (settings.rankLimits) by the caller, with its own writes. */
  const askLimits = async (): Promise<RankLimits> => {
    const answer = await callAuthorized(site, 'rank', { path: 'account' }) as { limits?: { keywords?: { usage?: number; limit?: number | null }; history_days?: number } } | null;
    const usage = answer?.limits?.keywords?.usage ?? 0;
    const limit = answer?.limits?.keywords?.limit ?? null;
    return { canTrack: limit === null || usage < limit, limit, usage, historyDays: answer?.limits?.history_days ?? null };
  };

  /** Remembers what the service now tracks; with `replaceAll`, the answer is the whole list. */
  const remember = (keyphrases: ServiceKeyphrase[], replaceAll: boolean) => {
    const now = new Date().toISOString();
    settings.rankTracked.update(store, (before) => {
      const tracked = replaceAll ? {} : { ...before };
      for (const { id, keyword } of keyphrases) {
        tracked[keyOf(keyword)] = { id: String(id), keyword, tracked_at: before[keyOf(keyword)]?.tracked_at ?? now };
      }
      return tracked;
    });
  };

  const byKeyword = <T extends { keyword: string }>(items: T[], only: string[] | null) => {
    const wanted = only && new Set(only.map(keyOf));
    return Object.fromEntries(items.filter((item) => !wanted || wanted.has(keyOf(item.keyword))).map((item) => [item.keyword, item]));
  };

  return [
    seoRoute('/rank/authorization-url', {
      methods: ['GET'],
      args: {},
      permission,
      handler: () => {
        const url = new URL('oauth/authorize', serviceUrl(site, 'rank'));
        const verifier = base64url(randomBytes(32));
        const state = base64url(randomBytes(16));
        saveSecret(site, SIGN_IN_SECRET, { verifier, state });
        url.search = new URLSearchParams({
          response_type: 'code', client_id: CLIENT_ID, redirect_uri: `${site.urls.base}/`, state,
          code_challenge: base64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256',
        }).toString();
        return respondUncached({ status: 200, url: url.href });
      },
    }),
    seoRoute('/rank/authenticate', {
      methods: ['POST'],
      args: { code: { required: true }, websiteId: { required: true } },
      permission,
      handler: async (ctx) => {
        const code = nonEmptyText(ctx.params, 'code');
        const website = String(ctx.params.websiteId);
        if (!/^[1-9]\d*$/.test(website)) {
          throw invalidParams({ websiteId: new ValidationError('rest_invalid_param', 'websiteId must be the number of the website at the service.') });
        }
        const signIn = readSecret<{ verifier: string }>(site, SIGN_IN_SECRET);
        const tokens = await exchangeTokens(site, 'rank', {
          grant_type: 'authorization_code', code, redirect_uri: `${site.urls.base}/`, ...(signIn ? { code_verifier: signIn.verifier } : {}),
        });
        // One transaction: the connection made whole or not at all, and a request id recorded with it and its answer.
        return writtenWithAnswer(store, { tokens: tokenSummary(tokens), status: 200 }, () => {
          keepTokens(site, 'rank', tokens);
          forgetSecret(site, SIGN_IN_SECRET);
          settings.rankWebsiteId.set(store, website);
        });
      },
    }),
    seoRoute('/rank/keyphrases/track', {
      methods: ['POST'],
      args: { keyphrases: { required: true } },
      permission,
      handler: async (ctx) => {
        const keyphrases = keyphraseList(ctx.params.keyphrases);
        const website = websiteId();
        const limits = await askLimits();
        if (!limits.canTrack || (limits.limit !== null && limits.usage + keyphrases.length > limits.limit)) {
          settings.rankLimits.set(store, limits);
          throw new RestError('seo_rank_limit_exceeded',
            `Account limit exceeded: the account tracks ${limits.usage} of at most ${limits.limit} keyphrases, and ${keyphrases.length} more were asked for.`,
            400, { limit: limits.limit, usage: limits.usage, canTrack: limits.canTrack });
        }
        const answer = await callAuthorized(site, 'rank', {
          method: 'POST', path: `websites/${website}/keywords/bulk`, body: keyphrases.map((keyword) => ({ keyword, groups: [] })),
        });
        const tracked = serviceKeyphrases(answer).map(({ id, keyword }) => ({ id: String(id), keyword }));
        // One transaction, which a request id is recorded with: on PostgreSQL a write outside one would take the record.
        return writtenWithAnswer(store, { results: byKeyword(tracked, null), status: 200 }, () => {
          settings.rankLimits.set(store, limits);
          remember(tracked, false);
        });
      },
    }),
    seoRoute('/rank/keyphrases', {
      methods: ['POST'],
      args: { keyphrases: {}, permalink: {}, startAt: {} },
      permission,
      handler: async (ctx) => {
        const only = ctx.sent.has('keyphrases') ? keyphraseList(ctx.params.keyphrases) : null;
        const local = () => Object.values(settings.rankTracked.get(store));
        try {
          const answer = await callAuthorized(site, 'rank', {
            method: 'POST',
            path: `websites/${websiteId()}/rankings`,
            body: { keywords: only ?? local().map((entry) => entry.keyword), url: ctx.params.permalink ?? null, start_at: ctx.params.startAt ?? null },
          });
          const ranked = serviceKeyphrases(answer);
          return writtenWithAnswer(store, { results: byKeyword(ranked, only), status: 200 }, () => remember(ranked, only === null));
        } catch (error) {
          // The service is down or slow: the keyphrases the site tracks are still known here.
          if (!(error instanceof RestError) || (error.status !== 502 && error.status !== 504)) throw error;
          return { results: byKeyword<TrackedKeyphrase>(local(), only), status: 200, offline: true, error: error.message };
        }
      },
    }),
    seoRoute('/rank/keyphrases/untrack', {
      methods: ['DELETE'],
      args: {},
      permission,
      handler: async (ctx) => {
        // Not in the route's listed arguments, as in Yoast: the id comes with the request.
        const id = ctx.request.body?.keyphraseID ?? ctx.request.query.keyphraseID;
        if (id === undefined || id === '') throw missingParams(['keyphraseID']);
        if (!/^[\w-]{1,64}$/.test(String(id))) {
          throw invalidParams({ keyphraseID: new ValidationError('rest_invalid_param', 'keyphraseID is not the id of a tracked keyphrase.') });
        }
        await callAuthorized(site, 'rank', { method: 'DELETE', path: `websites/${websiteId()}/keywords/${String(id)}` });
        return writtenWithAnswer(store, { status: 200 }, () => {
          settings.rankTracked.update(store, (tracked) => Object.fromEntries(Object.entries(tracked).filter(([, entry]) => entry.id !== String(id))));
        });
      },
    }),
    seoRoute('/rank/account/limit', {
      methods: ['GET'],
      args: {},
      permission,
      handler: async () => {
        const limits = await askLimits();
        settings.rankLimits.set(store, limits);
        return respondUncached({ ...limits, status: 200 });
      },
    }),
    seoRoute('/rank/account/upgrade-campaign', {
      methods: ['GET'],
      args: {},
      permission,
      handler: async () => {
        const answer = await callAuthorized(site, 'rank', { path: 'upgrade-campaign' }) as { type?: unknown; months?: unknown; value?: unknown } | null;
        // As Yoast: only a positive rate discount for some months is an offer to show.
        const offer = answer?.type === 'RATE' && typeof answer.months === 'number' && answer.months > 0 && typeof answer.value === 'number' && answer.value > 0;
        return respondUncached({ discount: offer ? answer.value : null, months: offer ? answer.months : null, status: 200 });
      },
    }),
  ];
}
