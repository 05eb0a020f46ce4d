/** A file route's parameters (path and query), each checked against its declared rule: a 400 otherwise. */
import type { ParamRule } from './types.js';
import { badRequest } from './refusals.js';
import type { FileRequest } from './file-call.js';

/** An identifier: what a parameter without its own rule must be. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const allowed = (value: string, rule: ParamRule): boolean =>
  Array.isArray(rule) ? rule.includes(value) : (rule as Exclude<ParamRule, readonly string[]>).test(value);

const ruleText = (rule: ParamRule): string =>
  Array.isArray(rule)
    ? `: debe ser ${rule.length > 1 ? `${rule.slice(0, -1).join(', ')} o ${rule.at(-1)}` : rule[0]}`
    : '';

/** The route's path parameters, each checked against its rule (400 otherwise). */
export function checkedParams(
  req: FileRequest,
  rules: Readonly<Record<string, ParamRule>> = {},
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(req.params)) {
    const value = Array.isArray(raw) ? raw.join('/') : raw;
    const rule = rules[name];
    if (!(rule ? allowed(value, rule) : ID_PATTERN.test(value))) {
      throw badRequest(`El parámetro "${name}" no es válido${rule ? ruleText(rule) : ''}.`);
    }
    params[name] = value;
  }
  return params;
}

/** The declared query parameters present, each checked against its rule (400 otherwise); others ignored. */
export function checkedQuery(
  req: FileRequest,
  rules: Readonly<Record<string, ParamRule>> = {},
): Record<string, string> {
  const query: Record<string, string> = {};
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  for (const [name, rule] of Object.entries(rules)) {
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1 || !allowed(values[0]!, rule)) {
      throw badRequest(`El parámetro "${name}" no es válido${ruleText(rule)}.`);
    }
    query[name] = values[0]!;
  }
  return query;
}
