/**
 * A W3C Trace Context `traceparent` for one request to the gateway (version 00, random trace and parent ids,
 * sampled): the gateway continues the trace, so the browser's action, the gateway's spans and every REST call
 * share one trace id (docs/operations.md §6).
 */
const hex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

export function newTraceparent(): string {
  let traceId = hex(16);
  // All-zero ids are invalid (vanishingly unlikely; redrawn anyway).
  while (/^0+$/.test(traceId)) traceId = hex(16);
  let parentId = hex(8);
  while (/^0+$/.test(parentId)) parentId = hex(8);
  return `00-${traceId}-${parentId}-01`;
}
