// Trusted documents (docs/decisions.md, "Trusted documents"), offline over the web's manifest as the gateway holds it
// (apps/gateway/dist/generated/web-documents.js) and the served schema:
// - `trusted_request_bytes_text` / `_hash`: the mean JSON body of the web's operations (their variables aside) with
//   the text and by hash alone, and `trusted_request_bytes_saved_pct`;
// - `trusted_parse_validate_ms`: graphql-js parse + validate of one web document, the mean (what a replica spends on
//   a document it has not cached yet; a hash request skips reading and hashing the text, never this).
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';

export async function trustedBench({ log }) {
  const { WEB_DOCUMENTS } = await import('../../apps/gateway/dist/generated/web-documents.js');
  const schema = buildSchema(readFileSync(new URL('../../packages/schema/schema.graphql', import.meta.url), 'utf8'));
  let textBytes = 0;
  let hashBytes = 0;
  for (const [hash, text] of WEB_DOCUMENTS) {
    const operationName = /^(?:query|mutation) (\w+)/.exec(text)?.[1];
    textBytes += Buffer.byteLength(JSON.stringify({ operationName, variables: {}, query: text }));
    hashBytes += Buffer.byteLength(
      JSON.stringify({ operationName, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
    );
  }
  const rounds = 5;
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++)
    for (const text of WEB_DOCUMENTS.values()) validate(schema, parse(text));
  const perDocument = (performance.now() - t0) / (rounds * WEB_DOCUMENTS.size);
  const figures = {
    trusted_documents: WEB_DOCUMENTS.size,
    trusted_request_bytes_text: Math.round(textBytes / WEB_DOCUMENTS.size),
    trusted_request_bytes_hash: Math.round(hashBytes / WEB_DOCUMENTS.size),
    trusted_request_bytes_saved_pct: Math.round((1 - hashBytes / textBytes) * 1000) / 10,
    trusted_parse_validate_ms: Math.round(perDocument * 100) / 100,
  };
  log(`  trusted documents: ${JSON.stringify(figures)}`);
  return figures;
}
