// "1 post", "2 posts": a number with its noun in the right form (the app speaks English),
// for the editor's screens and the messages the app's engine writes.
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
