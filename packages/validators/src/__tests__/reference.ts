/**
 * Independent reference implementations for the tests, written from the specs'
 * wording (not from the package code), plus a formik-style validation helper.
 */
import type { Schema, ValidationError } from 'yup';

/** CUIT check digit per 000 §5, written as a fold over the weight string. */
export function referenceCuitDigit(firstTen: string): number {
  const weights = '5432765432';
  const sum = [...firstTen].reduce((acc, ch, i) => acc + Number(ch) * Number(weights.charAt(i)), 0);
  const remainder = sum % 11;
  return remainder === 0 ? 0 : remainder === 1 ? 9 : 11 - remainder;
}

export function referenceCuit(firstTen: string): string {
  return firstTen + String(referenceCuitDigit(firstTen));
}

function blockDigit(digits: string, weights: string): number {
  const sum = [...digits].reduce((acc, ch, i) => acc + Number(ch) * Number(weights.charAt(i)), 0);
  return (10 - (sum % 10)) % 10;
}

/** BCRA CBU from 7 + 13 digits, per the brief's algorithm. */
export function referenceCbu(first7: string, account13: string): string {
  return `${first7}${blockDigit(first7, '7139713')}${account13}${blockDigit(account13, '3971397139713')}`;
}

/** Deterministic digits (mulberry32) so vectors are reproducible. */
export function digitSource(seed: number): (length: number) => string {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (length) => Array.from({ length }, () => String(Math.floor(next() * 10))).join('');
}

/** Replaces the digit at `index` with a different digit. */
export function changeDigit(text: string, index: number): string {
  const digit = (Number(text.charAt(index)) + 1) % 10;
  return text.slice(0, index) + String(digit) + text.slice(index + 1);
}

type Nested = { [key: string]: string | Nested };

function setIn(target: Nested, path: string, message: string): void {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    const child = node[key];
    if (typeof child === 'object') node = child;
    else {
      const created: Nested = {};
      node[key] = created;
      node = created;
    }
  });
  const last = keys[keys.length - 1] ?? '';
  if (node[last] === undefined) node[last] = message;
}

/** Formik's prepareDataForValidation: '' becomes undefined, recursively. */
function prepare(values: unknown): unknown {
  if (values === '') return undefined;
  if (Array.isArray(values)) return values.map(prepare);
  if (values !== null && typeof values === 'object' && Object.getPrototypeOf(values) === Object.prototype) {
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, prepare(v)]));
  }
  return values;
}

/**
 * What formik's `validationSchema` produces: validate with abortEarly false on
 * the prepared values, first message per path, nested like the values.
 */
export async function formikErrors(
  schema: Schema,
  values: unknown,
  context?: Record<string, unknown>,
): Promise<Nested> {
  try {
    await schema.validate(prepare(values), { abortEarly: false, context });
    return {};
  } catch (error) {
    const errors: Nested = {};
    const validation = error as ValidationError;
    const inner = validation.inner.length > 0 ? validation.inner : [validation];
    inner.forEach((item) => setIn(errors, item.path ?? '', item.message));
    return errors;
  }
}
