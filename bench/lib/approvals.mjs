// Four eyes on money (docs/operations.md §4c), on a gateway with a store whose APPROVAL_POLICIES names cancelPayment:
// - `approval_to_upstream_p50_ms` / `_p95_ms`: from an approver's `approveRequest` leaving the client to the
//   stubs' receipt of the held cancel (the stubs' request log's arrival time), over `count` requests made by
//   another operator (the target: p95 ≤ 5 000 ms);
// - `approval_decide_p50_ms`: the approveRequest's round trip (it answers once the move was sent);
// - `approval_hold_p50_ms`: the maker's held cancel's round trip (intent and request stored, nothing sent).
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { graphql, httpCall, percentile } from './load.mjs';

const HELD_CANCEL = `mutation Held($id: ID!, $key: String!) {
  cancelPayment(id: $id, reason: "Prueba de rendimiento", idempotencyKey: $key) { outcome approval { id } }
}`;
const APPROVE = `mutation Approve($id: ID!, $key: String!) {
  approveRequest(id: $id, idempotencyKey: $key) { outcome request { moveOutcome } }
}`;

export async function approvalBench(env, { makerToken, approverToken, count = 20 }) {
  const { gatewayUrl, stubsUrl, log } = env;
  await httpCall('POST', `${stubsUrl}/__admin/reset`, {});
  const filters = JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]);
  const { text } = await httpCall(
    'GET',
    `${stubsUrl}/payment/pagos?filters=${encodeURIComponent(filters)}&limit=${count}&sorts=id:asc`,
    {},
  );
  const ids = JSON.parse(text).rows.map((row) => String(row.id));
  if (ids.length < count) throw new Error(`approvals: only ${ids.length} cancellable payments`);
  const hold = [];
  const decide = [];
  const toUpstream = [];
  for (const id of ids) {
    let t0 = performance.now();
    const held = await graphql(gatewayUrl, makerToken, HELD_CANCEL, { id, key: randomUUID() });
    hold.push(performance.now() - t0);
    if (held.cancelPayment.outcome !== 'PENDING_APPROVAL')
      throw new Error(`approvals: the cancel of ${id} was not held (${held.cancelPayment.outcome})`);
    const sentAt = Date.now();
    t0 = performance.now();
    const approved = await graphql(gatewayUrl, approverToken, APPROVE, {
      id: held.cancelPayment.approval.id,
      key: randomUUID(),
    });
    decide.push(performance.now() - t0);
    if (approved.approveRequest.request?.moveOutcome !== 'SUCCESS')
      throw new Error(
        `approvals: the approved cancel of ${id} ended ${JSON.stringify(approved.approveRequest)}`,
      );
    const { text: log_ } = await httpCall(
      'GET',
      `${stubsUrl}/__admin/requests?service=payment&method=POST`,
      {},
    );
    const write = JSON.parse(log_).find((request) => request.path.includes(`/pagos/${id}/`));
    if (!write) throw new Error(`approvals: no cancel of ${id} reached the stubs`);
    toUpstream.push(Date.parse(write.at) - sentAt);
  }
  const figures = {
    approval_to_upstream_p50_ms: Math.round(percentile(toUpstream, 50)),
    approval_to_upstream_p95_ms: Math.round(percentile(toUpstream, 95)),
    approval_decide_p50_ms: Math.round(percentile(decide, 50)),
    approval_hold_p50_ms: Math.round(percentile(hold, 50)),
  };
  log(`  approvals: ${JSON.stringify(figures)}`);
  return figures;
}
