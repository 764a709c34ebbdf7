// A new media file's name: the first free one of `base.ext`, `base-2.ext`… in its folder,
// claimed in the storage, which other programs and instances may write to. Where the
// storage's exclusive create may not hold (an S3 server that ignores If-None-Match), the
// name is claimed in the site's database too, which every instance shares, so two uploads
// never get one name; that claim ends when the item's row names the file. Where it holds
// (a folder), the item's row is its only write to the database: one commit per item.
import type { SiteContext } from '../site-context.ts';
import { reserveName } from '../media/storage.ts';
import { claimedMediaNames, claimMediaName, releaseMediaNames } from '../store/media.ts';

/** Claims a free name for a new file in `subdir`; returns its path. Release it with `releaseMediaNames` once its row is written or the upload fails. */
export async function reserveMediaName(site: SiteContext, subdir: string, base: string, ext: string): Promise<string> {
  const stored = site.media.nameClaims(subdir, base);
  if (stored.exclusive) return `${subdir}/${await reserveName(stored, base, ext)}`;
  const name = await reserveName({
    exclusive: false,
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
