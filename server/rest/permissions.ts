// Permissions every namespace declares with: an endpoint always names who may use it
// (Endpoint.permission), even when that is anyone.
import type { Endpoint, HandlerContext, RequestUser } from './types.ts';

/** A public endpoint (the reference's `__return_true`): anyone may use it, visitors included. */
export function allowAnyone(): void {}

/** A permission that needs only the user, run by dispatch and, before the body is read, by the HTTP adapter. */
export function userPermission(check: (user: RequestUser | null) => void): Pick<Endpoint, 'permission' | 'beforeBody'> {
  return { permission: (ctx: HandlerContext) => check(ctx.user), beforeBody: check };
}

/**
 * A permission on the item the URL's `key` names: `check` gets the item as `load` reads it
 * (which answers 404 when it is not there) and throws when the user may not.
 */
export function onItem<T>(load: (id: number) => T, check: (ctx: HandlerContext, item: T) => void, key = 'id') {
  return (ctx: HandlerContext): void => check(ctx, load(Number(ctx.params[key])));
}
