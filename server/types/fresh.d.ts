// Types of `fresh` (jshttp), which ships none: whether a cached response is still fresh for a conditional request.
declare module 'fresh' {
  export default function fresh(
    requestHeaders: Record<string, string | undefined>,
    responseHeaders: Record<string, string | undefined>,
  ): boolean;
}
