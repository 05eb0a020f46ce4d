/** Lower-case, accent-free form of a text, memoized (names and statuses repeat a lot). */
const memo = new Map<string, string>();
const MEMO_LIMIT = 50_000;

export function fold(text: string): string {
  let folded = memo.get(text);
  if (folded === undefined) {
    folded = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(text, folded);
  }
  return folded;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDate(value: string): boolean {
  return value.length >= 10 && value.length <= 35 && ISO_DATE.test(value);
}

const epochMemo = new Map<string, number>();

/** Epoch milliseconds of an ISO date string (memoized), NaN when it does not parse. */
export function epoch(value: string): number {
  let ms = epochMemo.get(value);
  if (ms === undefined) {
    ms = Date.parse(value);
    if (epochMemo.size >= MEMO_LIMIT) epochMemo.clear();
    epochMemo.set(value, ms);
  }
  return ms;
}
