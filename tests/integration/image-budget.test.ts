// Every image edit has a budget, checked from the header before anything decodes: at most
// MAX_MODIFIERS modifiers, scales within MAX_SCALE_SIDE, every image the edit makes (the
// ones between steps too) within the pixel limit, and all of them within a work budget.
// The image workers are shared fairly: one account's heavy edits never keep another
// account's small upload waiting for them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';
import { listFiles, markedImage, solidImage, uploadRaw, type ImageFormat } from '../helpers/images.ts';
import { imageQueue, MAX_IMAGE_PIXELS } from '../../server/media/image-limits.ts';
import { EDIT_WORK_PIXELS, MAX_MODIFIERS, MAX_SCALE_SIDE, MAX_SIDE_OF_FORMAT } from '../../server/media/edit-budget.ts';
import type { Account } from '../../server/media/fair-queue.ts';

let site: TestSite;
let item: { id: number; source_url: string };

const flip = { type: 'flip', args: { flip: { horizontal: true, vertical: false } } };
const scale = (width: number, height: number) => ({ type: 'scale', args: { width, height } });
const edit = (modifiers: unknown[], as: 'administrator' | 'author' = 'administrator', target = item) =>
  site.api(`/cms/v2/media/${target.id}/edit`, { method: 'POST', as, body: { src: target.source_url, modifiers } });

function stored() {
  const store = site.running.site.context.store;
  return { posts: store.get<{ n: number }>('SELECT COUNT(*) AS n FROM posts')!.n, files: listFiles(path.join(site.dataDir, 'uploads')) };
}

/** Edits that must be refused: each answers 400 with `code`, and nothing is stored. */
async function expectRefused(cases: unknown[][], code: string, detailCode?: string) {
  const before = stored();
  for (const modifiers of cases) {
    const response = await edit(modifiers);
    expectError(response, 400, code);
    if (detailCode) expect(response.body.data.details.modifiers.code, JSON.stringify(modifiers)).toBe(detailCode);
  }
  expect(stored()).toEqual(before);
}

beforeAll(async () => {
  site = await startTestSite('a');
  const uploaded = await uploadRaw(site, await markedImage(40, 20, { format: 'png' }), 'small.png');
  expect(uploaded.status).toBe(201);
  item = { id: uploaded.body.id, source_url: uploaded.body.source_url };
});
afterAll(async () => {
  await site.close();
});

describe('the image edit budget', () => {
  it(`takes up to ${MAX_MODIFIERS} modifiers and refuses more with 400 rest_invalid_param`, async () => {
    const most = await edit(Array.from({ length: MAX_MODIFIERS }, () => flip));
    expect(most.status).toBe(201);
    await expectRefused([Array.from({ length: MAX_MODIFIERS + 1 }, () => flip), Array.from({ length: 1000 }, () => flip)], 'rest_invalid_param', 'rest_too_many_items');
  });

  it('refuses a scale past the longest side with 400 rest_invalid_param, however thin the image (50,000,000 × 1)', async () => {
    await expectRefused([[scale(50_000_000, 1)], [scale(1, 50_000_000)], [scale(MAX_SCALE_SIDE + 1, 1)], [flip, scale(2 ** 31, 2 ** 31)]], 'rest_invalid_param');
  });

  it('refuses a scale past the pixel limit with 400 rest_image_too_large, before decoding', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    await expectRefused([[scale(side, side)], [scale(MAX_SCALE_SIDE, MAX_SCALE_SIDE)], [flip, scale(MAX_SCALE_SIDE, 1000)]], 'rest_image_too_large');
  });

  it('refuses chained scales whose image between steps is over the limit, though the last is small', async () => {
    await expectRefused([[scale(10_000, 10_000), scale(10, 10)], [scale(8000, 8000), { type: 'crop', args: { left: 0, top: 0, width: 10, height: 10 } }]], 'rest_image_too_large');
    // A free rotation of an image within the limit whose canvas is not: refused from the plan too.
    await expectRefused([[scale(12_000, 4000), { type: 'rotate', args: { angle: 45 } }]], 'rest_image_too_large');
  });

  it('refuses an edit whose images together pass the work budget, each within the limit: 400 rest_image_edit_too_costly', async () => {
    const nearLimit = scale(7000, 7000); // 49 MP
    const count = Math.floor(EDIT_WORK_PIXELS / (7000 * 7000)) + 1;
    await expectRefused([Array.from({ length: count }, () => nearLimit), [nearLimit, flip, nearLimit, flip, nearLimit, scale(10, 10)]], 'rest_image_edit_too_costly');
  });
});

describe('the longest side of an edited image', () => {
  const FORMATS: [ImageFormat, string][] = [['jpeg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp'], ['avif', 'image/avif'], ['gif', 'image/gif']];
  it.each(FORMATS)('is what a %s can hold: up to it is saved, past it is refused with 400 before decoding', async (format, mime) => {
    const uploaded = await uploadRaw(site, await solidImage(40, 20, format), `side.${format === 'jpeg' ? 'jpg' : format}`);
    expect(uploaded.status).toBe(201);
    const own = { id: uploaded.body.id, source_url: uploaded.body.source_url };
    const max = MAX_SIDE_OF_FORMAT[mime] ?? MAX_SCALE_SIDE;
    for (const size of [scale(max, 2), scale(2, max)]) expect((await edit([size], 'administrator', own)).status, `${format} ${max}`).toBe(201);
    const before = stored();
    for (const size of [scale(max + 1, 2), scale(2, max + 1)]) {
      const response = await edit([size], 'administrator', own);
      expectError(response, 400, max === MAX_SCALE_SIDE ? 'rest_invalid_param' : 'rest_image_too_large');
    }
    expect(stored()).toEqual(before);
  });
});

describe('the image workers, shared between accounts', () => {
  it('start an administrator’s small upload before an author’s third queued heavy edit, and finish it first', async () => {
    const own = await uploadRaw(site, await solidImage(400, 300, 'jpeg'), 'author.jpg', { as: 'author' });
    expect(own.status).toBe(201);
    const authorId: Account = site.users.author.id;
    const adminId: Account = site.users.administrator.id;
    const started: Account[] = [];
    const finished: string[] = [];
    const onStart = (account: Account) => started.push(account);
    imageQueue.on('started', onStart);
    try {
      // Three heavy edits (9 MP each), queued before the administrator's upload is sent.
      let queued = 0;
      const allQueued = new Promise<void>((resolve) => {
        const onQueued = (account: Account) => {
          if (account === authorId && ++queued === 3) {
            imageQueue.off('queued', onQueued);
            resolve();
          }
        };
        imageQueue.on('queued', onQueued);
      });
      const heavy = [1, 2, 3].map((index) =>
        edit([scale(3000, 3000), flip], 'author', { id: own.body.id, source_url: own.body.source_url }).then((response) => {
          finished.push(`author ${index}`);
          return response;
        }));
      await allQueued;
      const upload = await uploadRaw(site, await solidImage(64, 48, 'jpeg'), 'admin.jpg');
      finished.push('admin');
      expect(upload.status).toBe(201);
      for (const response of await Promise.all(heavy)) expect(response.status).toBe(201);
      const adminStart = started.indexOf(adminId);
      const authorStarts = started.flatMap((account, index) => (account === authorId ? [index] : []));
      expect(authorStarts).toHaveLength(3);
      expect(adminStart).toBeGreaterThanOrEqual(0);
      expect(adminStart).toBeLessThan(authorStarts[2]);
      // The upload waited for no heavy edit: it was answered before the author's last.
      expect(finished.indexOf('admin')).toBeLessThan(finished.indexOf('author 3'));
    } finally {
      imageQueue.off('started', onStart);
    }
  });
});
