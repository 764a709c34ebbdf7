// A remote site's failure as an answer of the local app: the reason in the code, the
// sentence for the user in the message, and a status that says whose move it is.
import { RestError } from '../../server/rest/errors.ts';
import { ConflictChangedError, RemoteSiteError, SentElsewhereError, type RemoteFailure } from '../remote/client/errors.ts';

const STATUS: Record<RemoteFailure, number> = {
  invalid_address: 400,
  not_a_site: 422,
  wrong_credentials: 422,
  not_allowed: 422,
  already_connected: 409,
  unreachable: 502,
  http_error: 502,
  timeout: 504,
  sent_elsewhere: 409,
  local_address: 422,
  too_large: 502,
};

/** Remote failures become `inkwell_remote_<reason>` (a site that sends elsewhere names the origin to confirm in `data.origin`), a conflict that changed again a 409; anything else is left to the core (a 500). */
export function asRestError(error: unknown): unknown {
  if (error instanceof ConflictChangedError) return new RestError('inkwell_conflict_changed', error.message, 409);
  if (!(error instanceof RemoteSiteError)) return error;
  const data = error instanceof SentElsewhereError ? { origin: error.origin } : error.status ? { remote_status: error.status } : {};
  return new RestError(`inkwell_remote_${error.reason}`, error.message, STATUS[error.reason], data);
}
