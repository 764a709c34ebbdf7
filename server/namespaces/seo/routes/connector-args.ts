// Checks of the connectors' arguments that the interface lists without a type (`code`,
// `keyphrase`…), made in the handlers as Yoast's validate callbacks make them.
import { ValidationError, invalidParams } from '../../../rest/errors.ts';

/** A string with something in it, trimmed; else 400 naming the argument. */
export function nonEmptyText(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidParams({ [name]: new ValidationError('rest_invalid_param', `${name} must be a non-empty string.`) });
  }
  return value.trim();
}
