import type { Response } from 'express';

/** Serialized form of immutable records, computed once per object. */
const serialized = new WeakMap<object, string>();

export function toJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  let json = serialized.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    serialized.set(value, json);
  }
  return json;
}

export function sendJson(res: Response, status: number, json: string): void {
  res.status(status).type('application/json').send(json);
}

export function send(res: Response, status: number, value: unknown): void {
  sendJson(res, status, toJson(value));
}

/** JSON with object keys sorted, to compare request bodies independently of key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
