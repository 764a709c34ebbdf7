// Errors travel as exceptions inside the server and leave it in the interface's shape:
// `{ code, message, data: { status, ... } }`, with the codes of the reference API.

export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }
}

/** How long a client is asked to wait (Retry-After) while the site's database is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` says "not now, try again" (the store's database out of reach): such errors
 * carry `temporary: true`, as this room may not import the rooms that throw them.
 */
export function isTemporaryFailure(error: unknown): boolean {
  return error instanceof Error && (error as Error & { temporary?: unknown }).temporary === true;
}

/**
 * Whether `error` says another instance recorded the request's id first (two sent at once):
 * the write changed nothing, and the request is that one's. `requestIdTaken: true`, as
 * isTemporaryFailure's flag.
 */
export function isRequestIdTaken(error: unknown): boolean {
  return error instanceof Error && (error as Error & { requestIdTaken?: unknown }).requestIdTaken === true;
}

/** The 409 for a request whose id is being served (here, or by the instance that recorded it first). */
export function requestInProgress(): RestError {
  return new RestError('rest_request_in_progress', 'A request with this id is being served; send it again once it is answered.', 409);
}

/**
 * Whether `error` says a write may or may not have been made (the database connection lost
 * while it committed, and its outcome not learnt): `outcomeUnknown: true`, as isTemporaryFailure's flag.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof Error && (error as Error & { outcomeUnknown?: unknown }).outcomeUnknown === true;
}

/** The 500 for a write whose outcome is unknown: unlike a 503, it does not say nothing was written. */
export function outcomeUnknown(): RestError {
  return new RestError('write_outcome_unknown', 'The site lost its database while saving this change, and cannot tell yet whether it was saved. Reload it before sending it again.', 500);
}

/**
 * Whether `error` says the disk is full: a store's (`diskFull: true`, as this room may not
 * import the rooms that throw them) or a file write's (Node's ENOSPC).
 */
export function isDiskFull(error: unknown): boolean {
  const { diskFull, code } = (error ?? {}) as { diskFull?: unknown; code?: unknown };
  return diskFull === true || code === 'ENOSPC';
}

/** How long a client is asked to wait (Retry-After) while the site's disk is full: someone has to free space. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/** The 507 for a full disk: the write was undone, nothing was changed; it can be sent again once there is room. */
export function insufficientStorage(): RestError {
  return new RestError('insufficient_storage', 'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.', 507, {},
    { 'retry-after': String(DISK_FULL_RETRY_AFTER_SECONDS) });
}

/** The 503 for a temporary failure: the client retries later; nothing was changed. */
export function serviceUnavailable(): RestError {
  return new RestError('service_unavailable', 'The site cannot reach its database just now, or it is busy. Try again in a few seconds.', 503, {},
    { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}

/** One failed check on one value, as reported in `data.details` of `rest_invalid_param`. */
export class ValidationError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

/** 401 when nobody is logged in, 403 when the logged-in user lacks the right. */
export function authStatus(loggedIn: boolean): number {
  return loggedIn ? 403 : 401;
}

export function forbidden(code: string, message: string, loggedIn: boolean): RestError {
  return new RestError(code, message, authStatus(loggedIn));
}

export const noRoute = (): RestError =>
  new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404);

export function invalidParams(failures: Record<string, ValidationError>): RestError {
  const names = Object.keys(failures);
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const name of names) {
    const failure = failures[name];
    params[name] = failure.message;
    details[name] = { code: failure.code, message: failure.message, data: failure.data };
  }
  return new RestError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params,
    details,
  });
}

export function missingParams(names: string[]): RestError {
  return new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  });
}
