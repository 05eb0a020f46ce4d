import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedListTable } from '../paged-list-table';

interface Row {
  id: string;
  name: string;
}

const columns = [{ field: 'name', headerName: 'NOMBRE', width: 200 }];

describe('PagedListTable', () => {
  it('shows the rows of the list page, and its empty text when there are none', () => {
    const list = { state: { page: 1, pageSize: 10 }, setPage: vi.fn() };
    const { rerender } = render(
      <PagedListTable<Row>
        ariaLabel="Lotes"
        rows={[{ id: '1', name: 'Lote uno' }]}
        columns={columns}
        getRowId={(row) => row.id}
        total={1}
        list={list}
        pageSizes={[10, 25]}
        loading={false}
        emptyMessage="No se encontraron lotes"
      />,
    );
    expect(screen.getByRole('grid', { name: 'Lotes' })).toBeTruthy();
    expect(screen.getByText('Lote uno')).toBeTruthy();
    rerender(
      <PagedListTable<Row>
        ariaLabel="Lotes"
        rows={undefined}
        columns={columns}
        getRowId={(row) => row.id}
        total={0}
        list={list}
        pageSizes={[10, 25]}
        loading={false}
        emptyMessage="No se encontraron lotes"
      />,
    );
    expect(screen.getByText('No se encontraron lotes')).toBeTruthy();
  });
});
