import { describe, expect, it } from 'vitest';
import { buildSchema, getDirectiveValues, GraphQLObjectType } from 'graphql';
import { typeDefs } from '@backoffice/schema';
import { APPROVAL_PERMISSIONS } from '../../lib/permission-rules';
import { APP_ROUTES } from '../routes';
import { visibleMenu } from '../shell/menu';

/** The permissions the gateway's `@auth` on `Query.approvalRequests` asks (any of them). */
function approvalRequestsAuth(): string[] {
  const schema = buildSchema(typeDefs);
  const field = (schema.getType('Query') as GraphQLObjectType).getFields().approvalRequests!;
  const values = getDirectiveValues(schema.getDirective('auth')!, field.astNode!) as { requires: string[] };
  return values.requires;
}

describe("'Aprobaciones' (/aprobaciones)", () => {
  it("asks exactly the permissions the gateway's approvalRequests lists", () => {
    expect([...APPROVAL_PERMISSIONS].sort()).toEqual([...approvalRequestsAuth()].sort());
    const route = APP_ROUTES.find((r) => r.path === '/aprobaciones')!;
    expect(route.rule).toEqual({ any: APPROVAL_PERMISSIONS });
    expect(route.screen).toBeDefined();
    expect(route.kept).toBe(true);
  });

  it('is in the menu of whoever holds any money permission, and of nobody else', () => {
    const shows = (permissions: string[]) =>
      visibleMenu(permissions).some((group) => group.items.some((item) => item.to === '/aprobaciones'));
    expect(shows(['PAYMENT_CANCEL'])).toBe(true);
    expect(shows(['WITHDRAWAL_AUTHORIZE'])).toBe(true);
    expect(shows(['PAYMENT_SHOW', 'ACTIVITY_SHOW'])).toBe(false);
  });
});
