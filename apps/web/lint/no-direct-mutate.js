/**
 * Local ESLint rule `kit/no-direct-mutate`: a feature folder never sends a mutation itself (`mutate(…)`,
 * `client.mutate(…)`). Row, detail and bulk actions are declared in the area's action table and a press that writes
 * is `kit.send` (or `run.send`): the kit runs them, shows their answer and owns the one idempotency-key policy (a key
 * per press, kept while the answer is unknown, renewed after a definite one), which a hand-written call would
 * bypass. Forms that are not a record's action use `useSubmitAction`. Proven by
 * packages/infra-checks/src/lint-rules.test.ts.
 */

const MESSAGE =
  'Features do not call mutate() directly: declare the write in an action table (kit.mutation, kit.bulk, ' +
  'kit.send / run.send) or use useSubmitAction, so the kit runs it and owns its idempotency key.';

/** True when the callee is `mutate` or `<anything>.mutate`. */
function isMutate(callee) {
  if (callee.type === 'Identifier') return callee.name === 'mutate';
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'mutate'
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const noDirectMutate = {
  meta: { type: 'problem', schema: [], messages: { mutate: MESSAGE } },
  create: (context) => ({
    CallExpression(node) {
      if (isMutate(node.callee)) context.report({ node, messageId: 'mutate' });
    },
  }),
};

export default { rules: { 'no-direct-mutate': noDirectMutate } };
