/**
 * Money as a Decimal string with exactly two decimals, without float arithmetic: the upstream JSON number is
 * read through its shortest round-trip text (what the JSON said, e.g. 1.005 -> "1.005") and rounded half away
 * from zero on the digits.
 */

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Expands exponent notation ("1e21", "1.5e-7") into plain digits. */
function plain(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (!m) return text;
  const [, sign, int, frac = '', expText] = m;
  const exp = Number(expText);
  const digits = `${int}${frac}`;
  const point = int!.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Adds one unit to a string of decimal digits. */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0';
    else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

/** "1234.5" | 1234.5 -> "1234.50"; null/undefined/'' -> null; anything not a number -> throws. */
export function toDecimal(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite amount: ${value}`);
    text = plain(String(value));
  } else if (typeof value === 'string') {
    text = plain(value.trim().replace(',', '.'));
  } else {
    throw new TypeError(`not an amount: ${typeof value}`);
  }
  const m = PLAIN.exec(text);
  if (!m) throw new TypeError(`not an amount: ${JSON.stringify(value)}`);
  const [, sign, int, frac = ''] = m;
  let cents = `${int}${frac.padEnd(2, '0').slice(0, 2)}`;
  if (frac.length > 2 && Number(frac[2]) >= 5) cents = increment(cents);
  cents = cents.replace(/^0+(?=\d{3})/, '').padStart(3, '0');
  const result = `${cents.slice(0, -2)}.${cents.slice(-2)}`;
  return sign && /[1-9]/.test(result) ? `-${result}` : result;
}

/** Client input: digits with an optional 1-2 digit decimal part (dot or comma). Returns the normalized Decimal or null. */
export function parseDecimalInput(text: string): string | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,20}(?:[.,]\d{1,2})?$/.test(trimmed)) return null;
  return toDecimal(trimmed);
}
