// `POST /batch/v1`: up to 25 sub-requests dispatched in-process. `normal` runs each on its
// own; `require-all-validate` validates all first and runs none if any fails.
import { allowAnyone } from './permissions.ts';
import qs from 'qs';
import type { RestRequest, RestResponse, Route } from './types.ts';
import { argSchemas, endpoint, type Params } from './typed-args.ts';
import type { Router } from './router.ts';
import { RestError, noRoute } from './errors.ts';
import { collectParams } from './args.ts';
import { errorResponse } from './dispatch.ts';
import { respond } from './response.ts';
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

type Run = (request: RestRequest) => Promise<RestResponse>;

function toRequest(item: BatchItem, outer: RestRequest): RestRequest {
  const [path, search = ''] = item.path.split('?');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: item.method.toUpperCase(), path, query: qs.parse(search), body: item.body ?? {}, headers, user: outer.user };
}

/** Matches and validates one sub-request; returns the error that stops it, if any. */
function precheck(router: Router, request: RestRequest): RestError | null {
  const match = router.match(request.method, request.path);
  if (!match || !match.endpoint) return noRoute();
  if (!match.endpoint.allowBatch) {
    return new RestError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400);
  }
  try {
    collectParams(request, match.urlParams, match.endpoint.args);
    return null;
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
}

const envelope = (response: RestResponse) => ({ body: response.body, status: response.status, headers: response.headers });

export function batchRoute(router: Router, run: Run): Route {
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
        if (ctx.params.validation === 'require-all-validate' && checks.some((check) => check !== null)) {
          const responses = checks.map((check) => (check ? envelope(errorResponse(check)) : null));
          return respond({ failed: 'validation', responses }, 207);
        }
        const responses = [];
        for (const [index, request] of requests.entries()) {
          const check = checks[index];
          const response = check ? errorResponse(check) : await run(request).catch(errorResponse);
          responses.push(envelope(response));
        }
        return respond({ responses }, 207);
      },
    })],
  };
}
