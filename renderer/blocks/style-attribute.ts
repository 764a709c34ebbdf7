// An element's style attribute as the block editor's saves write one (React's style prop), apart from
// the cover's save that first needed it so that a block's module can write one without its imports.

/** A style attribute as the block editor writes one (` style="a:b;c:d"`), none when it has no value; a number is in pixels. */
export function styleAttribute(style: Record<string, unknown>): string {
  const written = Object.entries(style).filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== false);
  return written.length === 0 ? '' : ` style="${written.map(([name, value]) => `${name}:${typeof value === 'number' ? `${value}px` : String(value)}`).join(';')}"`;
}
