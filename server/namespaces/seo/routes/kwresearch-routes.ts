// The keyword-research connector of seo/v1 (modelled on Yoast's SEMrush routes): connect the
// site with a code from the service's sign-in, keep the country whose database to ask, and
// fetch keyphrases related to one. For anyone who writes posts or pages, as in Yoast.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { ValidationError, invalidParams } from '../../../rest/errors.ts';
import { respondUncached } from '../../../rest/response.ts';
import { allowIntegration } from './settings-access.ts';
import { settings } from '../settings-state.ts';
import { seoRoute, writtenWithAnswer } from './settings-paths.ts';
import { callAuthorized, exchangeTokens, keepTokens, tokenSummary } from '../connector-client.ts';
import { nonEmptyText } from './connector-args.ts';

const COUNTRY_CODE = /^[a-z]{2}$/;

function countryCode(params: Record<string, unknown>): string {
  const value = params.country_code;
  if (typeof value !== 'string' || !COUNTRY_CODE.test(value)) {
    throw invalidParams({ country_code: new ValidationError('rest_invalid_param', 'country_code must be two lower-case letters, such as us or nl.') });
  }
  return value;
}

export function kwresearchRoutes(site: SiteContext): Route[] {
  const { store } = site;
  const permission = allowIntegration(store, 'kwresearch', 'edit_posts', 'edit_pages');
  return [
    seoRoute('/kwresearch/authenticate', {
      methods: ['POST'],
      args: { code: { required: true } },
      permission,
      handler: async (ctx) => {
        const tokens = await exchangeTokens(site, 'kwresearch', { grant_type: 'authorization_code', code: nonEmptyText(ctx.params, 'code') });
        // In a transaction: a request id is recorded with what it wrote and its answer.
        return writtenWithAnswer(store, { tokens: tokenSummary(tokens), status: 200 }, () => keepTokens(site, 'kwresearch', tokens));
      },
    }),
    seoRoute('/kwresearch/country_code', {
      methods: ['POST'],
      args: { country_code: { required: true } },
      permission,
      handler: (ctx) => {
        settings.kwresearchCountryCode.set(store, countryCode(ctx.params));
        return { success: true, status: 200 };
      },
    }),
    seoRoute('/kwresearch/related_keyphrases', {
      methods: ['GET'],
      args: { keyphrase: { required: true }, country_code: { required: true } },
      permission,
      handler: async (ctx) => {
        const keyphrase = nonEmptyText(ctx.params, 'keyphrase');
        const database = countryCode(ctx.params);
        const answer = await callAuthorized(site, 'kwresearch', { path: 'keywords/related', query: { phrase: keyphrase, database } }) as { data?: unknown } | null;
        // The service's figures change daily and depend on the connection: not for the response cache.
        return respondUncached({ results: answer?.data ?? answer, status: 200 });
      },
    }),
  ];
}
