// Arguments of the media edit route: `modifiers` as the interface publishes them, the
// deprecated `rotation`/`x`/`y`/`width`/`height` form, and the checks of crop ranges.
import type { ArgSchema } from '../../rest/types.ts';
import { argSchema, argSchemas, pathArg, type Params } from '../../rest/typed-args.ts';
import { invalidParams, RestError, ValidationError } from '../../rest/errors.ts';
import type { Modifier } from '../../media/edit-plan.ts';
import { MAX_MODIFIERS, MAX_SCALE_SIDE } from '../../media/edit-budget.ts';

const number = (description: string) => ({ description, type: 'number', required: true }) as const satisfies ArgSchema;

function modifierOption<const T extends string, const A extends ArgSchema>(title: string, type: T, args: A) {
  return argSchema({
    title,
    type: 'object',
    properties: {
      type: { description: 'Image edit type.', type: 'string', enum: [type], required: true },
      args: { ...args, required: true },
    },
  });
}

const percent = (description: string) => ({ description: `${description} DEPRECATED: Use \`modifiers\` instead.`, type: 'number', minimum: 0, maximum: 100 }) as const satisfies ArgSchema;

export function editArgs() {
  return argSchemas({
    id: pathArg({ description: 'Unique identifier for the attachment.', type: 'integer' }),
    rotation: { description: 'The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.', type: 'integer', minimum: 1, maximum: 359 },
    x: percent('As a percentage of the image, the x position to start the crop from.'),
    y: percent('As a percentage of the image, the y position to start the crop from.'),
    width: percent('As a percentage of the image, the width to crop the image to.'),
    height: percent('As a percentage of the image, the height to crop the image to.'),
    modifiers: {
      description: 'Array of image edits.',
      type: 'array',
      minItems: 1,
      maxItems: MAX_MODIFIERS,
      items: {
        description: 'Image edit.',
        type: 'object',
        oneOf: [
          modifierOption('Flip', 'flip', {
            description: 'Flip arguments.',
            type: 'object',
            properties: {
              flip: {
                description: 'Flip direction.',
                type: 'object',
                required: true,
                properties: {
                  horizontal: { description: 'Whether to flip in the horizontal direction.', type: 'boolean', required: true },
                  vertical: { description: 'Whether to flip in the vertical direction.', type: 'boolean', required: true },
                },
              },
            },
          }),
          modifierOption('Rotation', 'rotate', {
            description: 'Rotation arguments.',
            type: 'object',
            properties: { angle: number('Angle to rotate clockwise in degrees.') },
          }),
          modifierOption('Crop', 'crop', {
            description: 'Crop arguments.',
            type: 'object',
            properties: {
              left: number('Horizontal position from the left to begin the crop as a percentage of the image width.'),
              top: number('Vertical position from the top to begin the crop as a percentage of the image height.'),
              width: number('Width of the crop as a percentage of the image width.'),
              height: number('Height of the crop as a percentage of the image height.'),
            },
          }),
          // Not in the reference API: the size the image is scaled to, in pixels (as wp-admin's image editor scales).
          modifierOption('Scale', 'scale', {
            description: 'Scale arguments.',
            type: 'object',
            properties: {
              width: { description: 'Width to scale the image to, in pixels.', type: 'integer', minimum: 1, maximum: MAX_SCALE_SIDE, required: true },
              height: { description: 'Height to scale the image to, in pixels.', type: 'integer', minimum: 1, maximum: MAX_SCALE_SIDE, required: true },
            },
          }),
        ],
      },
    },
    src: { description: 'URL to the edited image file.', type: 'string', format: 'uri', required: true },
  });
}

function checkCrop(crop: Extract<Modifier, { type: 'crop' }>, name: string): void {
  const { left, top, width, height } = crop;
  const fits = (start: number, size: number) => start >= 0 && start < 100 && size > 0 && size <= 100 && start + size <= 100 + 1e-9;
  if (!fits(left, width) || !fits(top, height)) {
    const message = `${name} must lie within the image: left and top from 0 to 100, width and height above 0, left + width and top + height at most 100.`;
    throw invalidParams({ modifiers: new ValidationError('rest_image_crop_out_of_range', message, null) });
  }
}

/** The modifiers to apply, from `modifiers` or else from the deprecated arguments. */
export function readModifiers(params: Params<ReturnType<typeof editArgs>>): Modifier[] {
  const modifiers: Modifier[] = [];
  const given = params.modifiers;
  if (given) {
    given.forEach((raw, index) => {
      if (raw.type === 'flip') {
        const { flip } = raw.args;
        modifiers.push({ type: 'flip', horizontal: flip.horizontal, vertical: flip.vertical });
      } else if (raw.type === 'rotate') modifiers.push({ type: 'rotate', angle: raw.args.angle });
      else if (raw.type === 'scale') modifiers.push({ type: 'scale', width: raw.args.width, height: raw.args.height });
      else {
        const { left, top, width, height } = raw.args;
        const crop = { type: 'crop' as const, left, top, width, height };
        checkCrop(crop, `modifiers[${index}]`);
        modifiers.push(crop);
      }
    });
    return modifiers;
  }
  const { rotation, x, y, width, height } = params;
  if (rotation !== undefined) modifiers.push({ type: 'rotate', angle: rotation });
  if (x !== undefined && y !== undefined && width !== undefined && height !== undefined) {
    const crop = { type: 'crop' as const, left: x, top: y, width, height };
    checkCrop(crop, 'crop');
    modifiers.push(crop);
  }
  if (modifiers.length === 0) {
    throw new RestError('rest_image_not_edited', 'The image was not edited. Edit the image before applying the changes.', 400);
  }
  return modifiers;
}
