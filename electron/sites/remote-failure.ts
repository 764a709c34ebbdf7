// A remote site's failure as an answer of the local app: the reason in the code, the
// sentence for the user in the message, and a status that says whose move it is.
import { RestError } from '../../server/rest/errors.ts';
import { ConflictChangedError, RemoteSiteError, type RemoteFailure } from '../remote/errors.ts';

const STATUS: Record<RemoteFailure, number> = {
  invalid_address: 400,
  not_a_site: 422,
  wrong_credentials: 422,
  not_allowed: 422,
  already_connected: 409,
  unreachable: 502,
  http_error: 502,
  timeout: 504,
};

/** Remote failures become `inkwell_remote_<reason>`, a conflict that changed again a 409; anything else is left to the core (a 500). */
export function asRestError(error: unknown): unknown {
  if (error instanceof ConflictChangedError) return new RestError('inkwell_conflict_changed', error.message, 409);
  if (!(error instanceof RemoteSiteError)) return error;
  return new RestError(`inkwell_remote_${error.reason}`, error.message, STATUS[error.reason], error.status ? { remote_status: error.status } : {});
}
