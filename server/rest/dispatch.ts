// dispatch(request) -> response, in-process: match, authenticate, validate the arguments,
// check the endpoint's permission (the reference's order), run the handler, then shape the result (_embed, _fields, _envelope, 304).
import type { Endpoint, HandlerContext, HeaderValue, RequestUser, RestRequest, RestResponse, Route } from './types.ts';
import type { RouteMatch, Router } from './router.ts';
import {
  insufficientStorage, isDiskFull, isOutcomeUnknown, isRequestIdTaken, isTemporaryFailure, noRoute, outcomeUnknown, requestInProgress, RestError, serviceUnavailable,
} from './errors.ts';
import { collectParams, type CollectedParams } from './args.ts';
import { isResponse, RawBody, StreamBody } from './response.ts';
import { filterFields } from './fields.ts';
import { embedLinks } from './embed.ts';
import { isFresh, representationTag } from './conditional.ts';
import { answerJson } from './answer-bytes.ts';
import { describeRoute } from './index-doc.ts';

export interface DispatcherOptions {
  router: Router;
  /** Resolves the request's credentials; throws a RestError for wrong ones. */
  authenticate: (request: RestRequest) => RequestUser | null;
  /** `{api_root}` with a trailing slash, to turn link hrefs back into routes. */
  apiRoot: string;
  /** When something every answer is built from last changed (the site's settings: its zone), GMT: a client's copy older than that is not current. */
  sharedInputsModifiedGmt?: () => string | null;
}

const OVERRIDABLE = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

export function errorResponse(error: unknown): RestResponse {
  if (isTemporaryFailure(error)) {
    // One line, not a stack: an outage fails every request until the database is back.
    console.error(`Answered 503: ${(error as Error).message}`);
    return errorResponse(serviceUnavailable());
  }
  if (isOutcomeUnknown(error)) {
    console.error(`Answered 500 (outcome unknown): ${(error as Error).message}`);
    return errorResponse(outcomeUnknown());
  }
  if (isRequestIdTaken(error)) {
    // A race the site expects (server/resent-writes.ts answers as the other's request where it can): one line, no stack.
    console.error(`Answered 409: ${(error as Error).message}`);
    return errorResponse(requestInProgress());
  }
  if (isDiskFull(error)) {
    console.error(`Answered 507: ${(error as Error).message}`);
    return errorResponse(insufficientStorage());
  }
  if (error instanceof RestError) return { status: error.status, headers: { ...error.headers }, body: error.toBody() };
  console.error('Unexpected error while serving a request:', error);
  return {
    status: 500,
    headers: {},
    body: { code: 'internal_server_error', message: 'The site met an unexpected error.', data: { status: 500 } },
  };
}

/** A request matched to its endpoint, with its arguments collected and valid. */
export interface ValidatedRequest {
  match: RouteMatch;
  collected: CollectedParams;
}

export class Dispatcher {
  constructor(private readonly options: DispatcherOptions) {}

  /**
   * Serves one request as a client sent it, with all of the global parameters. `answered`: its
   * handler's answer, given before (a write sent again, server/resent-writes.ts), instead of
   * running the handler: shaped for this request as that answer was.
   */
  async dispatch(request: RestRequest, answered?: RestResponse): Promise<RestResponse> {
    const prepared = this.withMethodOverride(request);
    let response: RestResponse;
    try {
      response = await this.run(prepared, undefined, answered);
    } catch (error) {
      response = errorResponse(error);
    }
    // Bytes answered as themselves (XML, archives, event streams) are not JSON to shape.
    if (response.body instanceof RawBody || response.body instanceof StreamBody) return response;
    if (prepared.query._embed !== undefined && response.status < 300) {
      response.body = await embedLinks(response.body, prepared.query._embed, (path, query) =>
        this.run({ method: 'GET', path, query, headers: {}, user: prepared.user }).catch(errorResponse),
      this.options.apiRoot);
    }
    if (prepared.query._fields !== undefined) response.body = filterFields(response.body, prepared.query._fields);
    this.withAnswerValidators(response);
    if (isNotModified(prepared, response, this.options.sharedInputsModifiedGmt ?? noSharedInputs)) response = { status: 304, headers: response.headers, body: null };
    // An enveloped answer is always a 200 that a client can parse, a 304 included.
    if (prepared.query._envelope !== undefined) {
      return { status: 200, headers: {}, body: { body: response.body, status: response.status, headers: response.headers } };
    }
    return response;
  }

  /** An item's tag as this answer's: with a digest of the answer's bytes. Batch answers its sub-requests with it too. */
  withAnswerValidators(response: RestResponse): RestResponse {
    const { etag } = response.headers;
    if (response.status >= 200 && response.status < 300 && typeof etag === 'string') response.headers.etag = representationTag(etag, answerJson(response.body));
    return response;
  }

  /**
   * Runs the matched handler; errors are thrown, not shaped. Used by batch and _embed too:
   * `validated` is what batch already matched and collected for this request, not done twice;
   * `answered` the handler's answer given before, instead of running it.
   */
  async run(request: RestRequest, validated?: ValidatedRequest, answered?: RestResponse): Promise<RestResponse> {
    if (request.user === undefined) request.user = this.options.authenticate(request);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = validated?.match ?? this.options.router.match(method, request.path);
    // OPTIONS answers with the route's own description and schema (the reference API does the same).
    if (method === 'OPTIONS' && match) return describeOptions(match.route, request, match.urlParams, this.options.apiRoot);
    if (!match || !match.endpoint) throw noRoute();
    const { route, endpoint } = match;
    // As the reference, every answer of a route says which of its methods this user may use.
    const allow = () => allowedMethods(route, request, match.urlParams);
    try {
      const { params, sent } = validated?.collected ?? collectParams(request, match.urlParams, endpoint.args);
      const context: HandlerContext = { request, params, sent, user: request.user, route, endpoint };
      // An answer given before was permitted when it was made (the item it names may be gone since: a forced delete).
      if (answered === undefined) endpoint.permission(context);
      const result = answered ?? await endpoint.handler(context);
      const response = isResponse(result) ? result : { status: 200, headers: {}, body: result };
      if (response.headers.allow === undefined) withAllow(response.headers, allow());
      return response;
    } catch (error) {
      if (error instanceof RestError) withAllow(error.headers, allow());
      throw error;
    }
  }

  private withMethodOverride(request: RestRequest): RestRequest {
    const override = request.query._method ?? request.headers['x-http-method-override'];
    if (request.method !== 'POST' || typeof override !== 'string') return request;
    const method = override.toUpperCase();
    return OVERRIDABLE.has(method) ? { ...request, method } : request;
  }
}

/** Whether the request's user may use an endpoint on the resource the URL names: its one permission, asked with the URL's captures. */
function permits(endpoint: Endpoint, route: Route, request: RestRequest, urlParams: Record<string, string>): boolean {
  const user = request.user ?? null;
  // A refusal here is an answer (a method left out of Allow), not a fault: no stack trace is
  // built for it, which would cost more than the whole check on every visitor's read.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    endpoint.permission({ request, params: Object.assign({}, urlParams), sent: new Set(), user, route, endpoint });
    return true;
  } catch {
    return false;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function allowedMethods(route: Route, request: RestRequest, urlParams: Record<string, string>): string[] {
  return route.endpoints.filter((endpoint) => permits(endpoint, route, request, urlParams)).flatMap((endpoint) => endpoint.methods);
}

/** Sets `Allow`, left out (as the reference) when no method is allowed. */
function withAllow(headers: Record<string, HeaderValue>, methods: string[]): void {
  if (methods.length > 0) headers.allow = methods.join(', ');
}

function describeOptions(route: Route, request: RestRequest, urlParams: Record<string, string>, apiRoot: string): RestResponse {
  const body = describeRoute(route, apiRoot);
  if (route.schema) body.schema = route.schema();
  const headers: Record<string, HeaderValue> = {};
  withAllow(headers, allowedMethods(route, request, urlParams));
  return { status: 200, headers, body };
}

const noSharedInputs = () => null;

function isNotModified(request: RestRequest, response: RestResponse, sharedModifiedGmt: () => string | null): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return response.status === 200 && isFresh(request.headers, response.headers, sharedModifiedGmt);
}
