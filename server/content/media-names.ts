// A new media file's name: the first free one of `base.ext`, `base-2.ext`… in its folder,
// claimed twice: in the site's database, which every instance shares, so two uploads never
// get one name even where the storage has no exclusive create; and in the storage, which
// other programs may write to. The database's claim ends when the item's row names the file.
import type { SiteContext } from '../site-context.ts';
import { reserveName } from '../media/storage.ts';
import { claimedMediaNames, claimMediaName, releaseMediaNames } from '../store/media.ts';

/** Claims a free name for a new file in `subdir`; returns its path. Release it with `releaseMediaNames` once its row is written or the upload fails. */
export async function reserveMediaName(site: SiteContext, subdir: string, base: string, ext: string): Promise<string> {
  const stored = site.media.nameClaims(subdir, base);
  const name = await reserveName({
    names: async () => [...(await stored.names()), ...claimedMediaNames(site.store, subdir, base)],
    claim: async (candidate) => {
      const relative = `${subdir}/${candidate}`;
      if (!claimMediaName(site.store, relative, Date.now())) return false;
      let claimed = false;
      try {
        claimed = await stored.claim(candidate);
        return claimed;
      } finally {
        if (!claimed) releaseMediaNames(site.store, [relative]);
      }
    },
    release: async (candidate) => {
      await stored.release(candidate);
      releaseMediaNames(site.store, [`${subdir}/${candidate}`]);
    },
  }, base, ext);
  return `${subdir}/${name}`;
}
