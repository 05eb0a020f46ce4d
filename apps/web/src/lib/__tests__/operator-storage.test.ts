import { describe, expect, it } from 'vitest';
import { FakeStorage } from '../../test/fake-storage';
import { claimOperatorStorage, forgetOperator, OPERATOR_KEY } from '../operator-storage';
import { keptPreferencesKey, legacyPreferenceKey } from '../preferences';
import { KEPT_STYLES_KEY } from '../kept-styles';

/** A browser after admin's session: a search in the payments list, the activity list, preference copies. */
function afterAdmin() {
  const session = new FakeStorage();
  const local = new FakeStorage();
  session.setItem(OPERATOR_KEY, '"admin"');
  session.setItem('auth.session', '{"token":"t","refreshToken":"r"}');
  session.setItem('payments.list', '"search=juan.perez%40example.com"');
  session.setItem('activity.list', '"usuario=admin"');
  session.setItem('payments.view', '"v1"');
  local.setItem(keptPreferencesKey('admin', 'list.payments.'), '{"list.payments.views":{}}');
  local.setItem(keptPreferencesKey('operador', 'list.payments.'), '{"list.payments.columns":{}}');
  local.setItem(legacyPreferenceKey('admin', 'busquedas-recientes'), '[]');
  local.setItem(legacyPreferenceKey('operador', 'busquedas-recientes'), '[]');
  local.setItem(KEPT_STYLES_KEY, '{}');
  local.setItem('shell.menu.collapsed', 'true');
  return { session, local };
}

describe('operator storage', () => {
  it("signing out removes everything the web kept for the operator; the styles and the menu's state stay", () => {
    const storages = afterAdmin();
    forgetOperator('admin', storages);
    expect([...storages.session.values.keys()]).toEqual([]);
    expect([...storages.local.values.keys()].sort()).toEqual(
      [
        legacyPreferenceKey('operador', 'busquedas-recientes'),
        KEPT_STYLES_KEY,
        'shell.menu.collapsed',
      ].sort(),
    );
  });

  it("another operator signing in on the tab finds none of the previous one's states, and their own copies stay", () => {
    const storages = afterAdmin();
    claimOperatorStorage('operador', storages);
    // The sign-in itself stays (it is this operator's, written by this sign-in).
    expect(Object.fromEntries(storages.session.values)).toEqual({
      'auth.session': '{"token":"t","refreshToken":"r"}',
      [OPERATOR_KEY]: '"operador"',
    });
    expect(storages.local.values.has(keptPreferencesKey('admin', 'list.payments.'))).toBe(false);
    expect(storages.local.values.has(keptPreferencesKey('operador', 'list.payments.'))).toBe(true);
  });

  it('the same operator keeps the tab as it was (a reload); a tab nobody claimed is emptied', () => {
    const storages = afterAdmin();
    claimOperatorStorage('admin', storages);
    expect(storages.session.values.get('payments.list')).toBe('"search=juan.perez%40example.com"');
    expect(storages.local.values.has(keptPreferencesKey('admin', 'list.payments.'))).toBe(true);

    const unmarked = afterAdmin();
    unmarked.session.removeItem(OPERATOR_KEY);
    claimOperatorStorage('admin', unmarked);
    expect(unmarked.session.values.has('payments.list')).toBe(false);
    expect(unmarked.session.values.get(OPERATOR_KEY)).toBe('"admin"');
  });

  it('tolerates storages that refuse or are missing', () => {
    const storages = afterAdmin();
    storages.session.failReads = true;
    expect(() => claimOperatorStorage('operador', storages)).not.toThrow();
    expect(() => forgetOperator(undefined, {})).not.toThrow();
  });
});
