// The REST core's vocabulary: a route is data; requests and responses are plain objects
// so that dispatch works in-process (batch, _embed, tests) as well as over HTTP.

/** A JSON-Schema-like argument descriptor, as the interface publishes it in its index. */
export interface ArgSchema {
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  required?: boolean;
  items?: ArgSchema;
  properties?: Record<string, ArgSchema>;
  additionalProperties?: boolean | ArgSchema;
  oneOf?: ArgSchema[];
  context?: readonly string[];
  readonly?: boolean;
  uniqueItems?: boolean;
  minItems?: number;
  maxItems?: number;
  title?: string;
  pattern?: string;
  /**
   * A text field (the reference's title, content, excerpt, caption, description): sent as a
   * string or as `{raw}`, anything else refused; the handler receives the string. Still
   * listed with its declared type (an object of raw and rendered) in the index.
   */
  textInput?: true;
}

export type ArgSchemas = Record<string, ArgSchema>;

/** The authenticated user as the core sees it. */
export interface RequestUser {
  id: number;
  login: string;
  role: string;
  /** The application password that authenticated this request, if any. */
  appPasswordUuid?: string;
}

export interface RestRequest {
  method: string;
  /** Route path below the API root, always starting with "/". */
  path: string;
  /** Parsed query string (bracket arrays and objects already expanded). */
  query: Record<string, unknown>;
  /** Parsed JSON or form body, if any. */
  body?: Record<string, unknown>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** Set by the authentication step of the adapter or of batch. */
  user?: RequestUser | null;
  /** Raw body bytes for routes that take a file (media uploads). */
  rawBody?: Buffer;
  /** Files of a multipart body, by field name. */
  files?: Record<string, UploadedFile>;
  /** The client's network address, set by the HTTP adapter (per-client limits). */
  remoteAddress?: string;
}

export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export type HeaderValue = string | string[];

export interface RestResponse {
  status: number;
  headers: Record<string, HeaderValue>;
  body: unknown;
}

/** What a handler or permission check receives; `P` is the params' type (see typed-args.ts). */
export interface HandlerContext<P = Record<string, unknown>> {
  request: RestRequest;
  /** Validated and sanitised arguments: URL params, query, body, defaults applied. */
  params: P;
  /** Names of the params that the client actually sent (defaults excluded). */
  sent: ReadonlySet<string>;
  user: RequestUser | null;
  route: Route;
  endpoint: Endpoint;
}

export type HandlerResult = RestResponse | unknown;

export interface Endpoint {
  methods: readonly string[];
  args: ArgSchemas;
  /**
   * Who may use this endpoint: returns nothing when allowed, throws a RestError otherwise
   * (`allowAnyone` for a public one). Every endpoint declares one, and this one function both
   * decides and answers `Allow` (as the reference's permission_callback). Dispatch runs it once
   * the arguments are valid, before the handler, with the validated `params`; for `Allow` it
   * runs with the URL's captures alone (as strings), so it reads nothing else unless present.
   * An item-level check may load the item (404 when it is not there).
   */
  permission: (ctx: HandlerContext) => void;
  /**
   * The part of the endpoint's `permission` that needs only the user, which the HTTP adapter
   * runs before the body is read so that a refused upload costs nothing. Set by
   * `userPermission` (permissions.ts), with the permission that calls it.
   */
  beforeBody?: (user: RequestUser | null) => void;
  handler: (ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>;
  allowBatch?: boolean;
  /** Routes that take files: their bodies may be as large as the upload limit. */
  acceptsFiles?: boolean;
  /** Visitors (no credentials) may send it a full-size body, as a form with attachments; elsewhere theirs is kept small. */
  takesVisitorBodies?: boolean;
}

export interface Route {
  namespace: string;
  /** WordPress-style pattern, e.g. `/cms/v2/posts/(?P<id>[\d]+)`. */
  pattern: string;
  endpoints: Endpoint[];
  /** Hidden routes answer but are not listed in the index (as `show_in_index` false). */
  showInIndex?: boolean;
  /** The JSON Schema of the resource the route serves, answered to OPTIONS. */
  schema?: () => Record<string, unknown>;
}
