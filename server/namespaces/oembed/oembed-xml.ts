// oEmbed's XML format: a flat <oembed> element with one child per field.
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function oembedXml(data: Record<string, unknown>): Buffer {
  const fields = Object.entries(data)
    .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  return Buffer.from(`<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<oembed>${fields}</oembed>\n`);
}
