import { randomUUID } from 'node:crypto';
import { createScratchDatabase, type ScratchDatabase } from '@backoffice/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.js';
import { parseApprovalPolicies } from '../money/approvals.js';
import { mutationNames } from '../shared/mutation-permissions.js';
import { freshTokens, gql, recordedWrites } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import { gatewayForBlock, REAL_URL, STORES } from './store-backends.js';

/**
 * Approval policies admins add in the app, against the stubs over HTTP with real tokens: a proposed rule is a request
 * another admin approves (never its proposer, never a non-admin); until then it holds nothing; once approved a move
 * it names is held (nothing sent), on a replica that did not store it too; its removal is a request as well; the
 * deployment's rules cannot be removed; a rejected proposal never comes into force.
 */

/** What a proposal answers (both mutations' payload). */
const CHANGE = `outcome message error { code message } approval { id status action permission maker arguments targetIds }`;
const PROPOSE = `mutation Propose($rule: ApprovalPolicyInput!, $key: String!) { proposeApprovalPolicy(rule: $rule, idempotencyKey: $key) { ${CHANGE} } }`;
const REMOVE = `mutation Remove($id: ID!, $key: String!) { proposeApprovalPolicyRemoval(id: $id, idempotencyKey: $key) { ${CHANGE} } }`;
const DECIDE = `mutation Decide($id: ID!, $key: String!) { approveRequest(id: $id, idempotencyKey: $key) { outcome message error { code message } request { status moveOutcome } } }`;
const REJECT = `mutation Reject($id: ID!, $key: String!) { rejectRequest(id: $id, reason: "No corresponde", idempotencyKey: $key) { outcome request { status } } }`;
const POLICIES = `{ approvalPolicies { id source action minAmount dailyAmount approvals proposedBy approvedBy addedAt requestId } }`;
const CANCEL = `mutation Cancel($id: ID!, $key: String!) { cancelPayment(id: $id, reason: "Pedido del pagador", idempotencyKey: $key) { outcome approval { id } error { code } } }`;
const ACTIVITY = `query Activity($operation: String, $recordId: String) { activity(filter: { operation: $operation, recordId: $recordId }, page: 1, pageSize: 50) { rows { user operation result } } }`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

/** The deployment's floor of these tests: a rule on an action no test moves. */
const FLOOR = parseApprovalPolicies(
  JSON.stringify([{ action: 'reversePayment', minAmount: '5000' }]),
  mutationNames(),
);
const REFRESH_MS = 300;

/** A second admin: the realm has one, so its token under another name (the gateway knows operators by it). */
const secondAdmin = (emulator: SharedEmulator) =>
  freshTokens(() =>
    emulator.accessTokenFor('admin', { claims: { preferred_username: 'admin2', sub: 'admin2-subject' } }),
  );

/** The operations of one gateway, as each operator. */
function operators(gateway: () => RunningGateway, emulator: () => SharedEmulator) {
  const tokens = freshTokens((username) => emulator().accessTokenFor(username));
  let admin2: ((username: string) => Promise<string>) | null = null;
  const token = (user: string) =>
    user === 'admin2' ? (admin2 ??= secondAdmin(emulator()))('admin2') : tokens(user);
  const raw = async (user: string, query: string, variables: Record<string, unknown> = {}) =>
    (await gql<Data>(gateway().graphqlUrl, query, { token: await token(user), variables })).body;
  const as = async (user: string, query: string, variables: Record<string, unknown> = {}) => {
    const body = await raw(user, query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!;
  };
  return {
    raw,
    as,
    propose: async (rule: Record<string, unknown>, user = 'admin') =>
      (await as(user, PROPOSE, { rule, key: randomUUID() })).proposeApprovalPolicy,
    approve: async (id: string, user = 'admin2') =>
      (await as(user, DECIDE, { id, key: randomUUID() })).approveRequest,
    policies: async () => (await as('admin', POLICIES)).approvalPolicies as Data[],
  };
}

/** Payments the stubs can cancel, each taken once in the file. */
function cancellables(stubs: () => SharedStubs) {
  const taken = new Set<string>();
  return async (): Promise<string> => {
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
    );
    const page = (await (
      await fetch(`${stubs().url}/payment/pagos?filters=${filters}&limit=1000`)
    ).json()) as { rows: Array<{ id: string | number }> };
    const id = page.rows.map((row) => String(row.id)).find((candidate) => !taken.has(candidate))!;
    taken.add(id);
    return id;
  };
}

const cancelsOf = async (stubs: SharedStubs, id: string) =>
  (await recordedWrites(stubs.url, 'payment')).filter((r) => r.path.includes(`/pagos/${id}/`));

for (const backend of STORES) {
  describe(`approval policies added in the app on the ${backend.name} store`, () => {
    const block = gatewayForBlock(backend, {
      approvals: { policies: FLOOR, expiryMs: 3_600_000, policyRefreshMs: REFRESH_MS },
    });
    const ops = operators(
      () => block.gateway,
      () => block.emulator,
    );
    const cancellable = cancellables(() => block.stubs);
    const cancel = async (id: string) =>
      (await ops.as('operador', CANCEL, { id, key: randomUUID() })).cancelPayment;

    it('only an admin proposes; a rule naming no money mutation, or asking 6 approvals, is refused in Spanish', async () => {
      const refused = await ops.raw('supervisor', PROPOSE, {
        rule: { action: 'cancelPayment' },
        key: randomUUID(),
      });
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const notMoney = await ops.propose({ action: 'setPreference' });
      expect(notMoney).toMatchObject({ outcome: 'FAILED', error: { code: 'INVALID_INPUT' }, approval: null });
      expect(notMoney.error.message).toMatch(/movimiento de dinero/);
      const tooMany = await ops.propose({ action: 'cancelPayment', approvals: 6 });
      expect(tooMany.error.message).toMatch(/número entero de 1 a 5/);
      const zero = await ops.propose({ action: 'refundPayment', minAmount: '0' });
      expect(zero.error.message).toMatch(/mayor a cero/);
      // Nothing was proposed: no request waits.
      expect((await ops.policies()).map((p) => p.source)).toEqual(['DEPLOYMENT']);
    });

    it("the deployment's rules are listed as such and cannot be removed from the app", async () => {
      const [floor] = await ops.policies();
      expect(floor).toEqual({
        id: 'deployment-1',
        source: 'DEPLOYMENT',
        action: 'reversePayment',
        minAmount: '5000.00',
        dailyAmount: null,
        approvals: 1,
        proposedBy: null,
        approvedBy: null,
        addedAt: null,
        requestId: null,
      });
      const answer = (await ops.as('admin', REMOVE, { id: 'deployment-1', key: randomUUID() }))
        .proposeApprovalPolicyRemoval;
      expect(answer).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'ACTION_NOT_ALLOWED' },
        approval: null,
      });
      expect(answer.error.message).toMatch(/definidas por la instalación .* no se pueden quitar/);
    });

    it('a proposed rule holds nothing until another admin approves it; then its moves are held; removing it needs approval too', async () => {
      const proposal = await ops.propose({ action: 'cancelPayment' });
      expect(proposal).toMatchObject({
        outcome: 'PENDING_APPROVAL',
        error: null,
        approval: {
          status: 'PENDING',
          action: 'proposeApprovalPolicy',
          permission: 'APPROVAL_POLICY_UPDATE',
          maker: 'admin',
          arguments: { rule: { action: 'cancelPayment', approvals: 1 } },
        },
      });
      expect(proposal.message).toMatch(/Pendiente de aprobación de otro administrador/);
      const requestId = proposal.approval.id as string;

      // Not in force yet: a cancel is sent at once.
      const before = await cancellable();
      expect((await cancel(before)).outcome).toBe('SUCCESS');
      expect(await cancelsOf(block.stubs, before)).toHaveLength(1);
      expect((await ops.policies()).filter((p) => p.source === 'APP')).toEqual([]);

      // Its proposer may not approve it; an operator without the admin's permission neither.
      const own = await ops.approve(requestId, 'admin');
      expect(own).toMatchObject({ outcome: 'FAILED', error: { code: 'SELF_APPROVAL' } });
      const supervisor = await ops.approve(requestId, 'supervisor');
      expect(supervisor.outcome).toBe('FAILED');
      expect(supervisor.error.code).toMatch(/FORBIDDEN|NOT_FOUND/);

      const approved = await ops.approve(requestId);
      expect(approved).toMatchObject({
        outcome: 'SUCCESS',
        request: { status: 'APPROVED', moveOutcome: 'SUCCESS' },
      });
      const added = (await ops.policies()).filter((p) => p.source === 'APP');
      expect(added).toEqual([
        expect.objectContaining({
          action: 'cancelPayment',
          minAmount: null,
          approvals: 1,
          proposedBy: 'admin',
          approvedBy: 'admin2',
          requestId,
        }),
      ]);
      expect(Date.parse(added[0]!.addedAt)).toBeGreaterThan(Date.now() - 60_000);

      // In force: a cancel is held, nothing sent.
      const held = await cancellable();
      const answer = await cancel(held);
      expect(answer.outcome).toBe('PENDING_APPROVAL');
      expect(answer.approval.id).toMatch(/^\d+$/);
      expect(await cancelsOf(block.stubs, held)).toHaveLength(0);

      // The activity: the proposal by its admin, the approval by the other.
      const proposals = (await ops.as('admin', ACTIVITY, { operation: 'proposeApprovalPolicy' })).activity
        .rows;
      expect(proposals).toContainEqual(
        expect.objectContaining({ user: 'admin', operation: 'proposeApprovalPolicy' }),
      );
      const decided = (await ops.as('admin', ACTIVITY, { recordId: requestId })).activity.rows;
      expect(decided).toContainEqual(
        expect.objectContaining({ user: 'admin2', operation: 'approveRequest', result: 'SUCCESS' }),
      );

      // Its removal: a request too; the rule stays in force until another admin approves it.
      const removal = (await ops.as('admin2', REMOVE, { id: added[0]!.id, key: randomUUID() }))
        .proposeApprovalPolicyRemoval;
      expect(removal).toMatchObject({
        outcome: 'PENDING_APPROVAL',
        approval: { action: 'proposeApprovalPolicyRemoval', targetIds: [added[0]!.id] },
      });
      expect((await cancel(await cancellable())).outcome).toBe('PENDING_APPROVAL');
      expect((await ops.approve(removal.approval.id, 'admin2')).error.code).toBe('SELF_APPROVAL');
      expect((await ops.approve(removal.approval.id, 'admin')).request.moveOutcome).toBe('SUCCESS');
      expect((await ops.policies()).filter((p) => p.source === 'APP')).toEqual([]);
      const after = await cancellable();
      expect((await cancel(after)).outcome).toBe('SUCCESS');
      expect(await cancelsOf(block.stubs, after)).toHaveLength(1);
    });

    it('a rejected proposal never comes into force; its proposer’s retry answers APPROVAL_REJECTED', async () => {
      const rule = { action: 'cancelPayment', minAmount: '1000000.5' };
      const key = randomUUID();
      const proposal = (await ops.as('admin', PROPOSE, { rule, key })).proposeApprovalPolicy;
      expect(proposal.approval.arguments.rule.minAmount).toBe('1000000.50');
      const rejected = (await ops.as('admin2', REJECT, { id: proposal.approval.id, key: randomUUID() }))
        .rejectRequest;
      expect(rejected).toEqual({ outcome: 'SUCCESS', request: { status: 'REJECTED' } });
      const retry = (await ops.as('admin', PROPOSE, { rule, key })).proposeApprovalPolicy;
      expect(retry).toMatchObject({ outcome: 'FAILED', error: { code: 'APPROVAL_REJECTED' } });
      expect((await ops.policies()).filter((p) => p.source === 'APP')).toEqual([]);
    });

    it('a rule another replica stored applies here within the refresh, without a restart', async () => {
      // As another replica writes it: straight into the store, this gateway's cache not told.
      const store = block.gateway.store!.current()!;
      const { row } = await store.approvals.addPolicy({
        namespace: '',
        action: 'cancelPayment',
        min_amount_cents: null,
        daily_amount_cents: null,
        approvals: 1,
        proposed_by: 'admin',
        approved_by: 'admin2',
        request_id: String(9_000_000_000 + Math.floor(Math.random() * 1_000_000)),
        added_at: new Date(),
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 3 * REFRESH_MS));
        const id = await cancellable();
        expect((await cancel(id)).outcome).toBe('PENDING_APPROVAL');
        expect(await cancelsOf(block.stubs, id)).toHaveLength(0);
      } finally {
        await store.approvals.removePolicy({
          id: row.id,
          namespace: '',
          removedBy: 'admin',
          requestId: row.request_id,
          at: new Date(),
        });
      }
    });
  });
}

describe.runIf(REAL_URL)('two replicas on one PostgreSQL database', () => {
  let database: ScratchDatabase;
  let stubs: SharedStubs;
  let emulator: SharedEmulator;
  const replicas: RunningGateway[] = [];
  beforeAll(async () => {
    ({ stubs, emulator } = await sharedStack());
    database = await createScratchDatabase(REAL_URL, 'gateway_test');
    for (let i = 0; i < 2; i++) {
      const gateway = await startLocalGateway(stubs.url, emulator, {
        store: { databaseUrl: database.databaseUrl },
        approvals: { policies: [], expiryMs: 3_600_000, policyRefreshMs: REFRESH_MS },
      });
      replicas.push(gateway);
      await gateway.store!.ready();
    }
  });
  afterAll(async () => {
    await Promise.all(replicas.map((gateway) => gateway.close()));
    await database?.drop();
  });

  it('a rule approved on one replica holds a move on the other within its refresh', async () => {
    const [a, b] = [0, 1].map((i) =>
      operators(
        () => replicas[i]!,
        () => emulator,
      ),
    );
    const proposal = await a!.propose({ action: 'cancelPayment' });
    // The other replica sees the request, and its approval there stores the rule there.
    await b!.approve(proposal.approval.id as string);
    expect((await a!.policies()).map((p) => p.source)).toEqual(['APP']);
    await new Promise((resolve) => setTimeout(resolve, 3 * REFRESH_MS));
    const id = await cancellables(() => stubs)();
    const held = (await a!.as('operador', CANCEL, { id, key: randomUUID() })).cancelPayment;
    expect(held.outcome).toBe('PENDING_APPROVAL');
    expect(await cancelsOf(stubs, id)).toHaveLength(0);
  });
});
