/**
 * Local ESLint rule `money/no-amount-parsing`: the web reads what an operator types as an amount in ONE
 * place, the validators' `readAmount` / `parseAmount` (through the kit's `AmountField`). Anything else in
 * apps/web/src is refused: `parseFloat` (money is never a float), `Number(`, `parseInt(` or a unary `+` on an
 * amount (an expression that names an amount: amount, importe, monto), and a hand-written amount regex (a decimal
 * separator class `[.,]`, cents after a separator `\.\d{1,2}` / `,\d{2}`, a thousands group `\.\d{3}`).
 * Proven by packages/infra-checks/src/lint-rules.test.ts.
 */

const AMOUNT_NAME = /amount|importe|monto/i;
const AMOUNT_REGEX = /\[\\?\.,\]|\[,\\?\.\]|(?:\\\.|,)\\d\{(?:1,2|2|1)\}|\\\.\\d\{3\}/;
const MESSAGE =
  'Un importe se lee solo con readAmount/parseAmount de @backoffice/validators (el AmountField del kit): ' +
  'nada de parseFloat, Number(, parseInt(, + ni expresiones regulares propias.';

/** True when the callee is `name` or `Number.name`. */
function calls(callee, name) {
  if (callee.type === 'Identifier') return callee.name === name;
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Number' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === name
  );
}

/** @type {import('eslint').Rule.RuleModule} */
const noAmountParsing = {
  meta: {
    type: 'problem',
    docs: { description: 'One amount parser in the web: the validators’ readAmount / parseAmount.' },
    schema: [],
    messages: { amount: MESSAGE },
  },
  create(context) {
    const source = context.sourceCode;
    const namesAmount = (node) => AMOUNT_NAME.test(source.getText(node));
    return {
      CallExpression(node) {
        if (calls(node.callee, 'parseFloat')) context.report({ node, messageId: 'amount' });
        else if (
          (calls(node.callee, 'Number') || calls(node.callee, 'parseInt')) &&
          node.arguments.some(namesAmount)
        ) {
          context.report({ node, messageId: 'amount' });
        }
      },
      UnaryExpression(node) {
        if (node.operator === '+' && namesAmount(node.argument))
          context.report({ node, messageId: 'amount' });
      },
      Literal(node) {
        if (node.regex && AMOUNT_REGEX.test(node.regex.pattern))
          context.report({ node, messageId: 'amount' });
      },
    };
  },
};

export default { rules: { 'no-amount-parsing': noAmountParsing } };
