import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimpleTable, type SimpleColumn } from '../simple-table';

interface Line {
  id: string;
  name: string | null;
  amount: string;
}

const COLUMNS: readonly SimpleColumn<Line>[] = [
  { header: 'NOMBRE', cell: (line) => line.name },
  { header: 'IMPORTE', align: 'right', nowrap: true, cell: (line) => `$ ${line.amount}` },
];

const LINES: Line[] = [
  { id: 'a', name: 'Luz', amount: '10,00' },
  { id: 'b', name: null, amount: '5,50' },
];

describe('SimpleTable', () => {
  it('shows the headers, then a row of cells for each row, a missing value as a dash', () => {
    render(
      <SimpleTable
        ariaLabel="Conceptos"
        columns={COLUMNS}
        rows={LINES}
        rowKey={(line) => line.id}
        rowData={(line) => ({ 'data-testid': `line-${line.id}` })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Conceptos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['NOMBRE', 'IMPORTE']);
    expect(
      within(screen.getByTestId('line-a'))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Luz', '$ 10,00']);
    const [name, amount] = within(screen.getByTestId('line-b')).getAllByRole('cell');
    expect(name).toHaveTextContent('—');
    expect(amount).toHaveClass('MuiTableCell-alignRight');
    expect(amount).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('says the empty text instead of a table when there are no rows', () => {
    render(<SimpleTable columns={COLUMNS} rows={[]} rowKey={(line) => line.id} empty="Sin conceptos." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Sin conceptos.')).toBeInTheDocument();
  });

  it('keeps an empty table (its headers) when no empty text is given, and adds the footer rows', () => {
    render(
      <SimpleTable
        plain
        columns={COLUMNS}
        rows={[]}
        rowKey={(line) => line.id}
        footer={
          <tr>
            <td>Total</td>
          </tr>
        }
      />,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Total' })).toBeInTheDocument();
  });
});
