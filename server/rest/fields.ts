// `_fields`: keep only the named fields of each item (`a,b.c`), as the reference API does.
import { parseList } from './schema.ts';

type FieldTree = { [key: string]: FieldTree | true };

function buildTree(fields: string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    let node = tree;
    const parts = field.split('.');
    parts.forEach((part, index) => {
      if (node[part] === true) return;
      if (index === parts.length - 1) {
        node[part] = true;
        return;
      }
      node[part] ??= {};
      node = node[part] as FieldTree;
    });
  }
  return tree;
}

function pick(item: unknown, tree: FieldTree): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const source = item as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, subtree] of Object.entries(tree)) {
    if (!(key in source)) continue;
    result[key] = subtree === true ? source[key] : pick(source[key], subtree);
  }
  return result;
}

/** Applies `_fields` to an item or a list of items; errors (with `code`) pass unchanged. */
export function filterFields(body: unknown, fieldsParam: unknown): unknown {
  const fields = parseList(fieldsParam).map(String);
  if (fields.length === 0) return body;
  const tree = buildTree(fields);
  if (Array.isArray(body)) return body.map((item) => pick(item, tree));
  if (typeof body === 'object' && body !== null && 'code' in body && 'message' in body) return body;
  return pick(body, tree);
}

/** The top-level names `_fields` asks for, so handlers can skip costly fields. */
export function requestedTopFields(fieldsParam: unknown): Set<string> | null {
  const fields = parseList(fieldsParam).map(String);
  if (fields.length === 0) return null;
  return new Set(fields.map((field) => field.split('.')[0]));
}
