// An item made under an id a test chooses, on a site whose next id is the highest one plus one:
// fillers take the ids before it and are deleted for good after it (the highest stands, so no id is
// taken again), so that a test can make a site's id and a copy's id the same number on purpose.
import { expect } from 'vitest';
import type { ConnectedFixture } from './sync-fixture.ts';

export interface Filler {
  make(): Promise<number>;
  remove(id: number): Promise<unknown>;
}

/** Fillers made until the next id on that side is `id`, then what `made` makes there; the fillers deleted for good after it. */
export async function madeWithId<T>(id: number, filler: Filler, made: () => Promise<T>): Promise<T> {
  const fillers = [await filler.make()];
  while (fillers.at(-1)! < id - 1) fillers.push(await filler.make());
  expect(fillers.at(-1)).toBe(id - 1);
  const item = await made();
  for (const each of fillers) await filler.remove(each);
  return item;
}

/** Fillers of a connected site's copy: empty drafts (no revision, so one id each), deleted before any sync sees them. */
export function copyFiller(fixture: ConnectedFixture): Filler {
  return {
    make: async () => (await fixture.local('POST', 'posts')).id as number,
    remove: (id) => fixture.local('DELETE', `posts/${id}`, {}, { force: true }),
  };
}
