import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { detailGate, gateQuery } from '../detail-gate';

const texts = {
  loading: 'Cargando cosa',
  loadError: 'No se pudo cargar la cosa',
  notFoundTitle: 'Cosa no encontrada',
  notFound: 'No existe una cosa con el ID 9.',
  notFoundTestId: 'thing-not-found',
  listHref: '/cosas',
  listLabel: 'Ir a Buscar Cosas',
  versionMissing: 'No existe la versión 3 de la cosa.',
};
const noOld = { wanted: false, found: false, loading: false };

function gate(current: ReturnType<typeof gateQuery>) {
  return detailGate({ header: <h1>Cosa</h1>, texts, current, old: noOld, currentHref: '/cosa/9' });
}

describe('gateQuery', () => {
  it("reads Apollo's result: answered when data came, its error and refetch", () => {
    const refetch = vi.fn();
    expect(gateQuery({ loading: false, data: { thing: null }, refetch }, false)).toEqual({
      found: false,
      loading: false,
      answered: true,
      error: undefined,
      refetch,
    });
    expect(gateQuery({ loading: true, data: undefined, refetch }, false).answered).toBe(false);
  });

  it('drives the gate: loading, not found once answered, nothing when found', () => {
    const refetch = vi.fn();
    const { unmount } = render(
      <MemoryRouter>{gate(gateQuery({ loading: true, refetch }, false))}</MemoryRouter>,
    );
    expect(screen.getByRole('progressbar', { name: 'Cargando cosa' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        {gate(gateQuery({ loading: false, data: { thing: null }, refetch }, false))}
      </MemoryRouter>,
    );
    expect(screen.getByTestId('thing-not-found')).toHaveTextContent('No existe una cosa con el ID 9.');
    expect(gate(gateQuery({ loading: false, data: { thing: {} }, refetch }, true))).toBeNull();
  });
});

describe('detailGate of a record without versions', () => {
  it('waits for the current record only, and shows nothing once found', () => {
    const { versionMissing: _none, ...unversioned } = texts;
    const refetch = vi.fn();
    const waiting = detailGate({
      header: <h1>Lote</h1>,
      texts: unversioned,
      current: gateQuery({ loading: true, refetch }, false),
    });
    render(<MemoryRouter>{waiting}</MemoryRouter>);
    expect(screen.getByRole('progressbar', { name: 'Cargando cosa' })).toBeInTheDocument();
    const found = gateQuery({ loading: false, data: { thing: {} }, refetch }, true);
    expect(detailGate({ header: <h1>Lote</h1>, texts: unversioned, current: found })).toBeNull();
  });
});
