import { describe, expect, it } from 'vitest';
import { defaultListState } from '@/lib/list';
import {
  ageText,
  APPROVAL_STATUS_LABELS,
  approvalsList,
  approvalsQuery,
  actionLabel,
  argumentLines,
} from '../approvals-list';

const read = (query: string) =>
  approvalsList.filters.parse(new URLSearchParams(query), approvalsList.defaultFilters(new Date()));

describe('Aprobaciones: the list', () => {
  it('says the statuses in Spanish', () => {
    expect(Object.entries(APPROVAL_STATUS_LABELS).map(([code, text]) => `${code}=${text}`)).toEqual([
      'PENDING=Pendiente',
      'APPROVED=Aprobada',
      'REJECTED=Rechazada',
      'EXPIRED=Vencida',
    ]);
  });

  it("opens on 'Pendiente'; 'todos' is every status, a status is read from its code", () => {
    expect(defaultListState(approvalsList).status).toBe('PENDING');
    expect(read('').status).toBe('PENDING');
    expect(read('estado=todos').status).toBeNull();
    expect(read('estado=rechazada').status).toBe('PENDING');
    expect(read('estado=rejected').status).toBe('REJECTED');
    const params = new URLSearchParams();
    approvalsList.filters.write({ status: 'EXPIRED' }, params);
    expect(params.get('estado')).toBe('expired');
  });

  it('asks the gateway for the status and the page', () => {
    const state = { ...defaultListState(approvalsList), page: 2 };
    expect(approvalsQuery.variables(state)).toEqual({ status: 'PENDING', page: 2, pageSize: 25 });
  });

  it('names the held action in Spanish and the age of a request', () => {
    expect(actionLabel('cancelPayment')).toBe('Cancelar pago');
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(ageText('2026-11-28T11:57:00Z', now)).toBe('hace 3 min');
    expect(ageText('2026-11-28T09:00:00Z', now)).toBe('hace 3 h');
    expect(ageText('2026-11-25T11:00:00Z', now)).toBe('hace 3 d');
  });

  it('lists what will be sent: Spanish names, amounts as money (never a float), nested and listed values', () => {
    expect(
      argumentLines({
        id: '1000001',
        reason: 'Pedido del cliente',
        amount: '1234567.5',
        ids: ['1', '2'],
        matching: { expectedCount: 3, filter: { status: 'pending' } },
        notify: true,
        other: null,
      }),
    ).toEqual([
      { key: 'id', label: 'Registro', value: '1000001' },
      { key: 'reason', label: 'Motivo', value: 'Pedido del cliente' },
      { key: 'amount', label: 'Importe', value: '$ 1.234.567,50' },
      { key: 'ids', label: 'Registros', value: '1, 2' },
      { key: 'matching.expectedCount', label: 'Selección › Cantidad esperada', value: '3' },
      { key: 'matching.filter.status', label: 'Selección › Filtro › status', value: 'pending' },
      { key: 'notify', label: 'notify', value: 'Sí' },
      { key: 'other', label: 'other', value: '—' },
    ]);
    expect(argumentLines(null)).toEqual([]);
  });
});
