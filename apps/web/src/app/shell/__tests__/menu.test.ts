import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@backoffice/schema';
import { activeItem, MENU, visibleMenu, type MenuGroup } from '../menu';

/** Permissions of a demo user, read from the realm file (roles are kebab-case client roles). */
function realmPermissions(username: string): string[] {
  const realm = JSON.parse(
    readFileSync(new URL('../../../../../../infra/keycloak/realm-back-office.json', import.meta.url), 'utf8'),
  ) as {
    roles: { realm: { name: string; composites?: { client?: Record<string, string[]> } }[] };
    users: { username: string; realmRoles?: string[] }[];
  };
  const user = realm.users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  const roles = new Set<string>();
  for (const roleName of user.realmRoles ?? []) {
    const role = realm.roles.realm.find((r) => r.name === roleName);
    for (const clientRole of role?.composites?.client?.['back-office-gateway'] ?? []) roles.add(clientRole);
  }
  return [...roles].map((r) => r.toUpperCase().replaceAll('-', '_'));
}

const links = (groups: MenuGroup[]) =>
  groups.flatMap((g) => g.items.map((i) => `${g.label} > ${i.label} ${i.to}`));

describe('visibleMenu', () => {
  it('shows only Pagos > Buscar without permissions', () => {
    expect(links(visibleMenu([]))).toEqual(['Pagos > Buscar /pagos']);
  });

  it('follows seed 000 table item by item', () => {
    expect(links(visibleMenu(['COLLECTOR_SHOW']))).toContain('Entidades > Buscar /comercios');
    expect(links(visibleMenu(['PAYER_SHOW']))).toContain('Pagadores > Buscar /pagadores');
    expect(links(visibleMenu(['PROMOTION_SHOW']))).toContain('Promociones > Buscar /comercios/promociones');
    expect(links(visibleMenu(['GATEWAY_SHOW']))).toContain('Gateways > Buscar /comercios/gateways');
  });

  it('shows the Pagadores group with only the payer reference permission, holding Referencias', () => {
    const payers = visibleMenu(['PAYER_REFERENCE_SHOW']).find((g) => g.id === 'payers');
    expect(payers?.items.map((i) => i.to)).toEqual(['/pagadores/referencias']);
  });

  it('shows the Gateways group with only the default gateway permission', () => {
    expect(visibleMenu(['GATEWAY_DEFAULT_SHOW']).map((g) => g.id)).toContain('gateways');
  });

  it('needs both export show and export search for Exportaciones', () => {
    const has = (p: string[]) => visibleMenu(p).some((g) => g.id === 'exports');
    expect(has(['EXPORT_SHOW'])).toBe(false);
    expect(has(['EXPORT_SEARCH'])).toBe(false);
    expect(has(['EXPORT_SHOW', 'EXPORT_SEARCH'])).toBe(true);
  });

  // A money permission (one approvalRequests asks) also shows 'Aprobaciones', the last group.
  it.each([
    ['IMPORT_REQUEST', ['/importacion', '/importaciones', '/aprobaciones']],
    ['TRANSFER_SHOW', ['/transferencias']],
    ['WITHDRAW_SHOW', ['/retirosUnificados']],
    ['WITHDRAWAL_SEARCH', ['/retirosUnificados']],
    ['BATCH_WITHDRAW_SHOW', ['/retirosUnificados']],
    ['AFIP_SHOW', ['/afip']],
    ['SOFT_PROVIDER_APPROVE', ['/soft-provider', '/aprobaciones']],
    ['SOFT_PROVIDER_REJECT', ['/soft-provider', '/aprobaciones']],
    ['BIN_CREATE', ['/bin', '/aprobaciones']],
    ['BIN_UPDATE', ['/bin', '/aprobaciones']],
    ['BIN_DELETE', ['/bin', '/aprobaciones']],
    ['SERVICE_PAYMENT_SHOW_BATCH', ['/pagos/pago-de-servicios']],
    ['SHOW_BATCH_DATA', ['/pagos/pago-de-servicios/gateways']],
    ['DISTRIBUTION_UPDATE', ['/distribucion', '/aprobaciones']],
    ['DISTRIBUTION_FORCE', ['/distribucion', '/aprobaciones']],
    ['DISTRIBUTION_SCHEDULED_UPDATE', ['/distribucion', '/aprobaciones']],
    ['PAYER_CREATE', ['/pagadores/nuevo', '/aprobaciones']],
    ['SUBSCRIPTION_CANCEL', ['/suscripciones', '/aprobaciones']],
    ['ACTIVITY_SHOW', ['/actividad']],
  ])('%s alone adds exactly %j to Pagos', (permission, routes) => {
    const extra = visibleMenu([permission])
      .flatMap((g) => g.items.map((i) => i.to))
      .filter((to) => to !== '/pagos');
    expect(extra).toEqual(routes);
  });

  it('shows everything to a user holding every permission', () => {
    const all = visibleMenu(PERMISSIONS);
    expect(all.length).toBe(MENU.length);
    expect(all.flatMap((g) => g.items)).toHaveLength(MENU.flatMap((g) => g.items).length);
  });

  it('uses only permissions of the schema', () => {
    for (const item of MENU.flatMap((g) => g.items)) {
      for (const p of [...(item.rule?.any ?? []), ...(item.rule?.all ?? [])])
        expect(PERMISSIONS).toContain(p);
    }
  });

  it('gives the demo users the menus of their jobs', () => {
    expect(links(visibleMenu(realmPermissions('consulta')))).toEqual(['Pagos > Buscar /pagos']);
    expect(links(visibleMenu(realmPermissions('operador')))).toEqual([
      'Pagos > Buscar /pagos',
      'Suscripciones > Buscar /suscripciones',
      'Entidades > Buscar /comercios',
      'Pagadores > Buscar /pagadores',
      'Pagadores > Nuevo pagador /pagadores/nuevo',
      'Pagadores > Referencias /pagadores/referencias',
      'Exportaciones > Exportaciones /exportaciones',
      'Aprobaciones > Aprobaciones /aprobaciones',
    ]);
    const tesoreria = visibleMenu(realmPermissions('tesoreria')).map((g) => g.id);
    expect(tesoreria).toEqual([
      'payments',
      'imports',
      'transfers',
      'withdrawals',
      'distributions',
      'service-payments',
      'approvals',
    ]);
    expect(visibleMenu(realmPermissions('impuestos')).map((g) => g.id)).toEqual([
      'payments',
      'afip',
      'soft-provider',
      'bin',
      'approvals',
    ]);
    expect(visibleMenu(realmPermissions('admin'))).toHaveLength(MENU.length);
  });
});

describe('activeItem', () => {
  it('picks the longest matching item', () => {
    const groups = visibleMenu(PERMISSIONS);
    expect(activeItem('/pagos', groups)).toEqual({ groupId: 'payments', to: '/pagos' });
    expect(activeItem('/pagos/pago-de-servicios/gateways', groups)?.groupId).toBe('service-payments');
    expect(activeItem('/pagadores/referencias/crear', groups)?.to).toBe('/pagadores/referencias');
    expect(activeItem('/pago/123', groups)).toBeUndefined();
  });
});
