// `POST /batch/v1`: up to 25 sub-requests dispatched in-process. `normal` runs each on its
// own; `require-all-validate` validates all first and runs none if any fails.
import { allowAnyone } from './permissions.ts';
import qs from 'qs';
import type { RestRequest, RestResponse, Route } from './types.ts';
import { argSchemas, endpoint, type Params } from './typed-args.ts';
import type { Router } from './router.ts';
import { RestError, noRoute } from './errors.ts';
import { collectParams } from './args.ts';
import { errorResponse, type ValidatedRequest } from './dispatch.ts';
import { respond } from './response.ts';
import { keepAnswerJson, takeAnswerJson } from './answer-bytes.ts';
import { batchApi, rooted } from '../../shared/api-routes.ts';

export const MAX_BATCH_REQUESTS = 25;

const BATCH_ARGS = argSchemas({
  validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
  requests: {
    required: true,
    type: 'array',
    maxItems: MAX_BATCH_REQUESTS,
    items: {
      type: 'object',
      properties: {
        method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
        path: { type: 'string', required: true },
        body: { type: 'object', properties: {}, additionalProperties: true },
        headers: { type: 'object', properties: {}, additionalProperties: { type: ['string', 'array'], items: { type: 'string' } } },
      },
    },
  },
});

type BatchItem = Params<typeof BATCH_ARGS>['requests'][number];

/** Runs the batch's item at `index` (its place in the batch: a batch sent again is answered item by item, server/resent-writes.ts). */
type Run = (request: RestRequest, validated: ValidatedRequest, index: number) => Promise<RestResponse>;
/** Settles once the writes made so far are committed, rejecting with the commit's failure (Store.writesCommitted). */
type WritesCommitted = () => Promise<void> | null;

function toRequest(item: BatchItem, outer: RestRequest): RestRequest {
  const [path, search = ''] = item.path.split('?');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: item.method.toUpperCase(), path, query: qs.parse(search), body: item.body ?? {}, headers, user: outer.user };
}

/** Matches and validates one sub-request: what it runs with (validated once), or the error that stops it. */
function precheck(router: Router, request: RestRequest): ValidatedRequest | RestError {
  const match = router.match(request.method, request.path);
  if (!match || !match.endpoint) return noRoute();
  if (!match.endpoint.allowBatch) {
    return new RestError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400);
  }
  try {
    return { match: { ...match, endpoint: match.endpoint }, collected: collectParams(request, match.urlParams, match.endpoint.args) };
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
}

const envelope = (response: RestResponse) => ({ body: response.body, status: response.status, headers: response.headers });

/**
 * The JSON of the batch's answer (JSON.stringify's bytes), assembled from each sub-answer's
 * JSON as answerJson made it for its ETag (taken, not made again): each item is serialised once.
 */
function answersJson(responses: readonly RestResponse[]): string {
  const parts = responses.map((response) => {
    const body = response.body === undefined ? '' : `"body":${takeAnswerJson(response.body)},`;
    return `{${body}"status":${JSON.stringify(response.status)},"headers":${JSON.stringify(response.headers)}}`;
  });
  return `{"responses":[${parts.join(',')}]}`;
}

/**
 * Each item's answer once the writes it made are committed: a store that commits the writes of
 * requests served together commits them after the item ran, and a failed commit is the item's
 * failure (nothing of it written), told in its answer as its own would have been.
 */
async function asCommitted(response: RestResponse, committed: Promise<void> | null): Promise<RestResponse> {
  if (committed === null || response.status >= 300) return response;
  return committed.then(() => response, errorResponse);
}

export function batchRoute(router: Router, run: Run, writesCommitted: WritesCommitted): Route {
  return {
    namespace: '',
    pattern: rooted(batchApi.batch()),
    endpoints: [endpoint({
      methods: ['POST'],
      args: BATCH_ARGS,
      // Each request of the batch is checked against its own endpoint's permission when it runs.
      permission: allowAnyone,
      handler: async (ctx) => {
        const requests = ctx.params.requests.map((item) => toRequest(item, ctx.request));
        const checks = requests.map((request) => precheck(router, request));
        if (ctx.params.validation === 'require-all-validate' && checks.some((check) => check instanceof RestError)) {
          const responses = checks.map((check) => (check instanceof RestError ? envelope(errorResponse(check)) : null));
          return respond({ failed: 'validation', responses }, 207);
        }
        const answered: Promise<RestResponse>[] = [];
        for (const [index, request] of requests.entries()) {
          const check = checks[index];
          const response = check instanceof RestError ? errorResponse(check) : await run(request, check, index).catch(errorResponse);
          answered.push(asCommitted(response, writesCommitted()));
        }
        const responses = await Promise.all(answered);
        const body = { responses: responses.map(envelope) };
        keepAnswerJson(body, answersJson(responses));
        return respond(body, 207);
      },
    })],
  };
}
