// Trimming an item to its answer's context, over every post-like schema of both deployments and
// every context: the fields kept are the schema's for that context (and fields it does not know),
// and an item built for one answer is not copied when the context drops none of its fields.
import { describe, expect, it } from 'vitest';
import type { ArgSchema } from '../../server/rest/types.ts';
import { trimToContext } from '../../server/content/post-view.ts';
import { CONTEXTS, postItemSchema, type Context } from '../../server/content/post-schema.ts';
import { mediaItemSchema } from '../../server/content/media-schema.ts';
import { DEPLOYMENTS } from '../../server/deployments.ts';

/** An item holding every field of `schema`, nested fields included, and one field it does not know. */
function fullItem(schema: Record<string, ArgSchema>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema)) item[name] = field.properties ? fullItem(field.properties) : `${name} value`;
  return { ...item, unknown_field: 'kept' };
}

/** What the context shows, worked out here from the schema alone. */
function expected(item: Record<string, unknown>, schema: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    const field = schema[name];
    if (field?.context && !field.context.includes(context)) continue;
    result[name] = field?.properties && typeof value === 'object' && value !== null ? expected(value as Record<string, unknown>, field.properties, context) : value;
  }
  return result;
}

/** Whether the context drops a field of the schema at any depth. */
function drops(schema: Record<string, ArgSchema>, context: Context): boolean {
  return Object.values(schema).some((field) => (field.context && !field.context.includes(context)) || (field.properties !== undefined && drops(field.properties, context)));
}

const schemas = Object.values(DEPLOYMENTS).flatMap((deployment) => [
  [`post (${deployment.name})`, postItemSchema('post', deployment)],
  [`page (${deployment.name})`, postItemSchema('page', deployment)],
  [`media (${deployment.name})`, mediaItemSchema(deployment)],
] as const);

describe('an item trimmed to its context', () => {
  for (const [name, schema] of schemas) {
    for (const context of CONTEXTS) {
      it(`${name}, ${context}: shows the schema's fields for the context, byte for byte`, () => {
        const item = fullItem(schema);
        const trimmed = trimToContext(item, schema, context);
        expect(JSON.stringify(trimmed)).toBe(JSON.stringify(expected(item, schema, context)));
        // Nothing to drop: the item built for this answer is its answer, not copied first.
        if (!drops(schema, context)) expect(trimmed).toBe(item);
      });
    }
  }

  it('drops nothing in the edit context of posts and pages, so their writes\' answers are not copied', () => {
    for (const deployment of Object.values(DEPLOYMENTS)) {
      for (const type of ['post', 'page'] as const) expect(drops(postItemSchema(type, deployment), 'edit')).toBe(false);
    }
  });
});
