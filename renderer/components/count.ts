// "1 post", "2 posts": a number with its noun in the right form (the app speaks English).
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
