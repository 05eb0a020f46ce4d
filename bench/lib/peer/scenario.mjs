// The gateway against its peer (peer.mjs): the payment list and the payment detail, the same documents
// through both, at 10 users in alternated 1-second segments, each process's CPU read from /proc around its own
// segments. Both are pinned alike (CPU 0) by scripts/bench.mjs and only one is driven at a time.
import { isDeepStrictEqual } from 'node:util';
import { detailDocument, listDocument, withTypename } from '../documents.mjs';
import { graphql, interleave, runAutocannon } from '../load.mjs';

/**
 * `env`: the bench's (gatewayUrl, gatewayPid, token, log); `peer`: { url, pid } of child-peer.mjs. Returns, per
 * operation, both sides' summaries and `ratio` (the gateway's CPU ms per request ÷ the peer's).
 */
export async function peerScenario(env, peer, { detailId, seconds = 4, connections = 10 }) {
  const { gatewayUrl, gatewayPid, token, log } = env;
  const peerUrl = `${peer.url}/graphql`;
  const headers = { authorization: `Bearer ${token}` };
  const out = {};
  for (const [name, doc] of [
    ['list', listDocument()],
    ['detail', detailDocument(detailId)],
  ]) {
    const query = withTypename(doc.query);
    const [viaGateway, viaPeer] = [
      await graphql(gatewayUrl, token, query, doc.variables),
      await graphql(peerUrl, token, query, doc.variables),
    ];
    // The peer must answer what the gateway answers, or the ratio compares two different jobs.
    if (!isDeepStrictEqual(viaGateway, viaPeer)) {
      const a = JSON.stringify(viaGateway);
      const b = JSON.stringify(viaPeer);
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      throw new Error(
        `peer ${name}: answers differ at ${at}: gateway …${a.slice(at - 80, at + 80)}… peer …${b.slice(at - 80, at + 80)}…`,
      );
    }
    const body = JSON.stringify({ query, variables: doc.variables });
    const run = (url, pid) => () =>
      runAutocannon({ url, headers, body, connections, seconds: 1, cpuPid: pid });
    // Warm-up of both (JIT, keep-alive sockets, the JWKS and the verified token).
    await run(gatewayUrl, null)();
    await run(peerUrl, null)();
    const { a: gateway, b: other } = await interleave(
      Math.max(1, Math.round(seconds)),
      run(gatewayUrl, gatewayPid),
      run(peerUrl, peer.pid),
    );
    for (const [side, r] of [
      ['gateway', gateway],
      ['peer', other],
    ]) {
      if (r.non2xx || r.graphqlErrors) {
        throw new Error(`peer ${name}: ${side} answered ${r.non2xx} non-2xx, ${r.graphqlErrors} with errors`);
      }
    }
    const ratio = gateway.cpuMsPerOp / other.cpuMsPerOp;
    log(
      `  ${name}: gateway ${gateway.cpuMsPerOp.toFixed(3)} CPU ms/op (p50 ${gateway.p50.toFixed(1)} p99 ${gateway.p99.toFixed(1)} ms, ` +
        `${gateway.rps.toFixed(0)} req/s) | peer ${other.cpuMsPerOp.toFixed(3)} CPU ms/op (p50 ${other.p50.toFixed(1)} ` +
        `p99 ${other.p99.toFixed(1)} ms, ${other.rps.toFixed(0)} req/s) → ×${ratio.toFixed(2)}; ${JSON.stringify(viaGateway).length} B answer`,
    );
    out[name] = { gateway, peer: other, ratio, answerBytes: JSON.stringify(viaGateway).length };
  }
  return out;
}
