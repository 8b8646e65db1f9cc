/**
 * Query strings with indexed arrays, as the services expect (spec §7: "Query strings use indexed
 * arrays"): `{ filters: [{ topic: 'size', values: ['92'] }] }` <-> `filters[0][topic]=size&filters[0][values][0]=92`.
 * Shared by the client (encode) and the embedded services (decode), so both sides agree on one grammar.
 */

export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

/** Encodes a value tree; `null`/`undefined` entries are skipped, booleans become 1/0. */
export function encodeQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  const walk = (key: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) walk(`${key}[${child}]`, item);
    } else {
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return parts.join('&');
}

type Tree = { [key: string]: Tree | string };

const MAX_DEPTH = 5;
const MAX_INDEX = 1000;

/** Splits `a[b][0]` into `['a', 'b', '0']`; returns null for a malformed key. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  const rest = match[2] ?? '';
  const path = [match[1], ...Array.from(rest.matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')];
  return path.length > MAX_DEPTH || path.some((p) => p === '') ? null : path;
}

/** Turns objects whose keys are all small integers into arrays (sparse indices are compacted in order). */
function arrayify(node: Tree | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isArray = keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) <= MAX_INDEX);
  if (isArray) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => arrayify(node[String(k)] as Tree | string));
  }
  return Object.fromEntries(keys.map((k) => [k, arrayify(node[k] as Tree | string)]));
}

/**
 * Decodes indexed-array parameters into a plain tree for zod to validate. Malformed keys and
 * conflicting shapes (`a=1&a[0]=2`) are dropped rather than thrown: the schema then reports what is missing.
 */
export function decodeQuery(search: URLSearchParams): Record<string, unknown> {
  const root: Tree = Object.create(null) as Tree;
  for (const [rawKey, value] of search) {
    const path = keyPath(rawKey);
    if (!path) continue;
    let node: Tree = root;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i] as string;
      const next = node[part];
      if (typeof next === 'string') {
        node = Object.create(null) as Tree;
        break;
      }
      if (next === undefined) node[part] = Object.create(null) as Tree;
      node = node[part] as Tree;
    }
    const last = path[path.length - 1] as string;
    if (node[last] === undefined) node[last] = value;
  }
  return arrayify(root) as Record<string, unknown>;
}
