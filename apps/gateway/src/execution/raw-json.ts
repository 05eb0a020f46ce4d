/**
 * JSON text that goes into an answer as it is. A preference's value is stored as the JSON text its
 * operator wrote; parsing it on the gateway's thread, cloning it from the store's thread and stringifying it again
 * cost 10-15 ms for one read of 100 values of 714 numbers, time every other operator's request waited for. As a
 * `RawJson` it crosses the resolvers and the `JSON` scalar untouched, and `stringifyResult` (Apollo Server's option
 * of that name) puts its text into the answer's: no parse, no clone of values, and the client reads the exact text
 * stored (5e-324, 1e400 and every character as written).
 */
import { randomUUID } from 'node:crypto';

/** The answer being written now: each RawJson met gets a marker, replaced by its text once the rest is written. */
let splicing: { nonce: string; texts: string[] } | null = null;

export class RawJson {
  /** `text`: valid JSON (the store's own; never a client's unchecked text). */
  constructor(readonly text: string) {}

  /**
   * Inside `stringifyResult`: a marker the splice replaces with the text. Anywhere else (another stringify of the
   * same result) the value parsed, so the JSON written is the same value.
   */
  toJSON(): unknown {
    if (!splicing) return JSON.parse(this.text);
    splicing.nonce ||= `raw:${randomUUID()}:`;
    splicing.texts.push(this.text);
    return `${splicing.nonce}${splicing.texts.length - 1}`;
  }
}

/**
 * The answer's JSON text, as Apollo's own (`JSON.stringify(result) + '\n'`), with every RawJson's text in its
 * place. A marker is a string no client can have written: its nonce is a new random one for each answer with raw
 * values, and markers are found in the order JSON.stringify wrote them.
 */
export function stringifyResult(result: unknown): string {
  const answer = { nonce: '', texts: [] as string[] };
  splicing = answer;
  let json: string;
  try {
    json = JSON.stringify(result);
  } finally {
    splicing = null;
  }
  if (answer.texts.length === 0) return `${json}\n`;
  // The marker as JSON.stringify writes it (quoted; nothing in it needs escaping).
  const marker = `"${answer.nonce}`;
  const parts: string[] = [];
  let from = 0;
  answer.texts.forEach((text, index) => {
    const quoted = `${marker}${index}"`;
    const at = json.indexOf(quoted, from);
    if (at < 0) throw new Error('raw JSON: a marker is missing from the answer');
    parts.push(json.slice(from, at), text);
    from = at + quoted.length;
  });
  parts.push(json.slice(from), '\n');
  return parts.join('');
}
