// The editor and the site plan an image edit with one geometry (shared/edit-geometry.ts):
// for random flips, rotations, crops and scales (seeded, so a failure repeats), the
// modifiers the editor sends pass the site's argument checks, and the site's plan cuts the
// crop the editor shows, in pixels, and comes out at the size the editor announces.
import { describe, expect, it } from 'vitest';
import { cropInPixels, modifiersFor, scaledSize, type EditState } from '../../renderer/media/edit-modifiers.ts';
import { readModifiers } from '../../server/namespaces/cms/media-edit-args.ts';
import { planSteps } from '../../server/media/edit-plan.ts';
import { turnedSize, type Size } from '../../shared/edit-geometry.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

function randomCase(random: () => number): { natural: Size; state: EditState } {
  const between = (low: number, high: number) => low + random() * (high - low);
  const whole = (low: number, high: number) => Math.floor(between(low, high + 1));
  const natural = { width: whole(1, 3000), height: whole(1, 3000) };
  const angleKind = random();
  const rotation = angleKind < 0.4 ? [-90, 0, 90, 180][whole(0, 3)] : angleKind < 0.7 ? whole(-179, 180) : between(-179.999, 180);
  let crop: EditState['crop'] = null;
  if (random() < 0.8) {
    const x = random() < 0.2 ? 0 : between(0, 100);
    const y = random() < 0.2 ? 0 : between(0, 100);
    const width = random() < 0.1 ? 100 - x : between(0, 100 - x);
    const height = random() < 0.1 ? 100 - y : between(0, 100 - y);
    crop = { x, y, width, height };
  }
  const scale = random() < 0.5 ? null : between(0.001, 1);
  return { natural, state: { flipHorizontal: random() < 0.5, flipVertical: random() < 0.5, rotation, crop, scale } };
}

describe('the editor’s and the site’s edit plans', () => {
  const random = seededRandom(30);
  const cases = Array.from({ length: 2000 }, () => randomCase(random));

  it.each([0, 1, 2, 3])('agree on random crops, rotations, flips and scales (part %i of 4)', (part) => {
    for (const { natural, state } of cases.slice(part * 500, (part + 1) * 500)) {
      const label = JSON.stringify({ natural, state });
      const modifiers = readModifiers({ id: 1, src: 'image.png', modifiers: modifiersFor(state, natural) });
      const steps = planSteps(natural.width, natural.height, modifiers);
      const shown = cropInPixels(state.crop, turnedSize(natural, state.rotation));
      // The crop the editor shows is what the site's last image before any scale holds: its last pass's region, else all of it.
      const beforeScale = steps.filter((step) => step.kind !== 'scale').at(-1);
      const cut = beforeScale?.kind === 'pass' && beforeScale.pass.region ? beforeScale.pass.region : { x: 0, y: 0, ...(beforeScale?.size ?? natural) };
      expect(cut, label).toEqual(shown);
      // And the edit comes out at the size the editor announces.
      expect(steps.at(-1)?.size ?? natural, label).toEqual(scaledSize(state, natural));
    }
  });
});
