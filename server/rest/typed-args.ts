// A handler's parameter types, read from its argument declarations: the arguments are
// written once, as data, and `ctx.params` gets their types (the runtime does not change).
import type { ArgSchema, ArgSchemas, Endpoint, HandlerContext, HandlerResult } from './types.ts';

declare const capturedByPattern: unique symbol;
/** An argument the route's pattern captures: once the route matched, it is always there. */
export type PathArg<S extends ArgSchema> = S & { readonly [capturedByPattern]: true };

/** Marks an argument as captured by the route's pattern (a type-only mark; the value is unchanged). */
export function pathArg<const S extends ArgSchema>(schema: S): PathArg<S> {
  return schema as PathArg<S>;
}

type ScalarValue<T> = T extends 'integer' | 'number' ? number
  : T extends 'string' ? string
  : T extends 'boolean' ? boolean
  : T extends 'null' ? null
  : unknown;

/** An object's value: its declared properties (defaults and required ones present), and any others unless forbidden. */
type ObjectValue<S> = S extends { properties: infer P }
  ? Params<P> extends infer Known
    ? S extends { additionalProperties: false } ? Known
      : S extends { additionalProperties: infer Extra extends ArgSchema } ? Known & Record<string, ArgValue<Extra>>
      : Known & Record<string, unknown>
    : never
  : Record<string, unknown>;

type ValueOfType<S, T> = T extends 'array' ? (S extends { items: infer I } ? ArgValue<I>[] : unknown[])
  : T extends 'object' ? ObjectValue<S>
  : ScalarValue<T>;

/** The validated value of an argument: its enum, its type (or any of its types), or one of its options. */
export type ArgValue<S> = S extends { textInput: true } ? string
  : S extends { oneOf: readonly (infer Option)[] } ? ArgValue<Option>
  : S extends { enum: readonly (infer Choice)[] } ? Choice
  : S extends { type: infer T } ? (T extends readonly (infer Each)[] ? ValueOfType<S, Each> : ValueOfType<S, T>)
  : unknown;

type Widen<D> = D extends string ? string : D extends number ? number : D extends boolean ? boolean : D extends null ? null : never;
/** A default is given as it is, unvalidated: one of another type (a `null`, a single status for a list) adds its type. */
type DefaultValue<S> = S extends { default: infer D } ? (D extends ArgValue<S> ? never : Widen<D>) : never;

type AlwaysThere<S> = S extends { required: true } | { default: unknown } | { readonly [capturedByPattern]: true } ? true : false;

/** Arguments that are always there: required, defaulted or captured, and declared on every path. */
type PresentKeys<A> = { [K in keyof A]-?: undefined extends A[K] ? never : AlwaysThere<A[K]> extends true ? K : never }[keyof A];

/** The parameters a handler receives for arguments `A`: the others are optional. */
export type Params<A> = { -readonly [K in PresentKeys<A>]: ArgValue<A[K]> | DefaultValue<A[K]> } & {
  -readonly [K in Exclude<keyof A, PresentKeys<A>>]?: ArgValue<NonNullable<A[K]>>;
};

/**
 * What a handler of arguments `A` receives. A part of the route's pattern that is not declared
 * as an argument is there too, as the URL gave it: unknown until the handler checks it.
 */
export type ArgsContext<A> = HandlerContext<Params<A> & Readonly<Record<string, unknown>>>;

type TypedEndpoint<A extends ArgSchemas> = Omit<Endpoint, 'args' | 'handler'> & {
  args: A;
  handler: (ctx: ArgsContext<A>) => HandlerResult | Promise<HandlerResult>;
};

/**
 * Declares an endpoint whose handler's `ctx.params` is typed from its `args`. Dispatch
 * validates every declared argument against its descriptor before the handler runs, which
 * is what makes the handler's parameter type true.
 */
export function endpoint<const A extends ArgSchemas>(spec: TypedEndpoint<A>): Endpoint {
  // The one place where the route table's plain `Endpoint` meets the typed handler.
  return spec as unknown as Endpoint;
}

/** One argument declared apart from its endpoint, keeping its literal types. */
export function argSchema<const S extends ArgSchema>(schema: S): S {
  return schema;
}

/** Arguments declared apart from their endpoint, keeping their literal types for `ArgsContext`. */
export function argSchemas<const A extends ArgSchemas>(args: A): A {
  return args;
}
