// A new media item's name (its folder listed, the name created exclusively, listed again) is
// claimed while its image is worked on, not before it: the claim's storage calls stay off the
// path an upload or an edit waits on. Each way of making an item, on each backend: the claim's
// first listing and the item's image work each wait for the other to have begun; done one
// after the other, the first would wait for the second until a bound passes.
import { expect, it } from 'vitest';
import { siteOnEachBackend } from '../helpers/site-on-each-backend.ts';
import { markedImage, uploadMultipart, uploadRaw } from '../helpers/images.ts';
import { imageQueue } from '../../server/media/image-limits.ts';
import type { MediaStorage } from '../../server/media/storage.ts';

/** Long past any listing's own time: reached only when the claim waits for the image work. */
const BOUND_MS = 3000;

type Answer = { status: number; body: { id: number; source_url: string } };

/** A new item's request, and the moment its image work begins (its turn in the image queue, or an edit's read of its source). */
interface Maker {
  send(): Promise<Answer>;
  begun: Promise<void>;
}

/** `event` (true), or false once the bound has passed. */
async function withinBound(event: Promise<void>): Promise<boolean> {
  let bound: NodeJS.Timeout | undefined;
  const passed = new Promise<false>((resolve) => (bound = setTimeout(() => resolve(false), BOUND_MS)));
  const result = await Promise.race([event.then(() => true as const), passed]);
  clearTimeout(bound);
  return result;
}

siteOnEachBackend('a new item’s name is claimed while its image is worked on (%s)', (on) => {
  /** For each wait of one for the other: whether the other began within the bound. */
  let together: boolean[] = [];

  /** While `send` runs, the claim's first listing waits for the image work to begin (and an edit's read for the claim); says each wait's outcome. */
  async function claimWaitingFor(maker: (claim: Promise<void>) => Promise<Maker>): Promise<{ answer: Answer; together: boolean[] }> {
    let claimBegun: () => void = () => {};
    const claim = new Promise<void>((resolve) => (claimBegun = resolve));
    together = [];
    const { send, begun } = await maker(claim);
    const media = on.site.running.site.context.media;
    const nameClaims = media.nameClaims.bind(media);
    let listed = false;
    media.nameClaims = ((subdir, base) => {
      const claims = nameClaims(subdir, base);
      return {
        exclusive: claims.exclusive,
        claim: claims.claim.bind(claims),
        release: claims.release.bind(claims),
        names: async () => {
          if (!listed) {
            listed = true;
            claimBegun();
            together.push(await withinBound(begun));
          }
          return claims.names();
        },
      };
    }) as MediaStorage['nameClaims'];
    try {
      const answer = await send();
      return { answer, together };
    } finally {
      media.nameClaims = nameClaims;
    }
  }

  const queueStarts = () => new Promise<void>((resolve) => imageQueue.once('started', () => resolve()));

  const makers: [string, (claim: Promise<void>) => Promise<Maker>][] = [
    ['a raw upload', async () => {
      const bytes = await markedImage(640, 480);
      return { send: () => uploadRaw(on.site, bytes, 'raw.jpg') as Promise<Answer>, begun: queueStarts() };
    }],
    ['a multipart upload', async () => {
      const bytes = await markedImage(640, 480);
      return { send: () => uploadMultipart(on.site, bytes, 'multipart.jpg') as Promise<Answer>, begun: queueStarts() };
    }],
    ['an image edit', async (claim) => {
      const item = (await uploadRaw(on.site, await markedImage(640, 480), 'to-edit.jpg')).body as Answer['body'];
      // The edit's image work begins with the read of its source, in its turn in the queue: it waits for the claim to have begun.
      const media = on.site.running.site.context.media;
      const read = media.read.bind(media);
      const begun = new Promise<void>((resolve) => {
        media.read = async (relative) => {
          media.read = read;
          resolve();
          together.push(await withinBound(claim));
          return read(relative);
        };
      });
      const send = () => on.site.api(`/cms/v2/media/${item.id}/edit`, { as: 'administrator', method: 'POST', body: { src: item.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop', args: { left: 10, top: 10, width: 50, height: 50 } }] } }) as Promise<Answer>;
      return { send, begun };
    }],
  ];

  it.each(makers)('%s', async (_label, maker) => {
    const { answer, together } = await claimWaitingFor(maker);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(together.length).toBeGreaterThan(0);
    expect(together).not.toContain(false);
    // The item names the file claimed, and it is served.
    const served = await fetch(answer.body.source_url);
    expect(served.status).toBe(200);
  });
});
