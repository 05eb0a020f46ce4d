/**
 * Dotted paths into snake_case JSON (`payer.email`, `payment_methods.media_payment_id`).
 * Arrays are traversed at any level: a path yields every value it reaches.
 */
export type Getter = (row: unknown) => unknown[];

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function isValidPath(path: string): boolean {
  return path.length <= 200 && PATH.test(path);
}

function collect(value: unknown, parts: readonly string[], index: number, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts, index, out);
    return;
  }
  if (index === parts.length) {
    out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const next = (value as Record<string, unknown>)[parts[index] as string];
  if (next === undefined) return;
  collect(next, parts, index + 1, out);
}

export function compileGetter(path: string): Getter {
  const parts = path.split('.');
  if (parts.length === 1) {
    const key = parts[0] as string;
    return (row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) return [];
      return Array.isArray(value) ? value.flat(Infinity) : [value];
    };
  }
  return (row) => {
    const out: unknown[] = [];
    collect(row, parts, 0, out);
    return out;
  };
}

/** Every dotted path reachable in `rows` (arrays traversed), including intermediate objects. */
export function collectPaths(rows: Iterable<unknown>, into = new Set<string>()): Set<string> {
  // Merge the shapes into a tree first (no string building per record), then flatten it once.
  type Node = Map<string, Node>;
  const root: Node = new Map();
  const walk = (value: unknown, node: Node): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, node);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const key in value) {
      let child = node.get(key);
      if (child === undefined) {
        child = new Map();
        node.set(key, child);
      }
      walk((value as Record<string, unknown>)[key], child);
    }
  };
  for (const row of rows) walk(row, root);
  const flatten = (node: Node, prefix: string): void => {
    for (const [key, child] of node) {
      const path = prefix ? `${prefix}.${key}` : key;
      into.add(path);
      flatten(child, path);
    }
  };
  flatten(root, '');
  return into;
}
