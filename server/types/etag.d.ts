// Types of `etag` (jshttp), which ships none: an entity tag made from a body's bytes.
declare module 'etag' {
  export default function etag(entity: string | Buffer, options?: { weak?: boolean }): string;
}
