// What a writer types as an address, as a link needs it: "example.org" gets https://, an
// address with a scheme or a path on this site is kept as typed.
export function linkAddress(typed: string): string {
  const address = typed.trim();
  if (address === '') return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith('/') || address.startsWith('#') || address.startsWith('?')) return address;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return `mailto:${address}`;
  return `https://${address}`;
}
