import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnChoice, ListViewBinding, SavedView } from '@/lib/list/list-views';
import { ColumnChooser } from '../column-chooser';
import { useListTools } from '../list-tools';
import { ViewsMenu } from '../views-menu';

const COLUMNS = [
  { field: 'id', headerName: 'ID' },
  { field: 'payer', headerName: 'PAGADOR' },
  { field: 'note', headerName: 'NOTA' },
];

function Chooser({ hiddenByWidth = [] as string[], onChange = vi.fn(), columns = COLUMNS }) {
  const [choice, setChoice] = useState<ColumnChoice>({});
  const hidden = columns
    .map((c) => c.field)
    .filter(
      (field) => choice[field] === false || (choice[field] === undefined && hiddenByWidth.includes(field)),
    );
  return (
    <ColumnChooser
      columns={columns}
      choice={choice}
      hidden={hidden}
      onChange={(next) => {
        onChange(next);
        setChoice(next);
      }}
    />
  );
}

describe('ColumnChooser', () => {
  it('one checkbox per column named as its header; hides, brings back a narrow-screen column, restores', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Chooser hiddenByWidth={['note']} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Columnas' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Columnas' });
    const boxes = within(panel).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['ID', 'PAGADOR', 'NOTA']);
    // Hidden for lack of width: unticked, and it says why.
    const note = within(panel).getByRole('checkbox', { name: 'NOTA' });
    expect(note).not.toBeChecked();
    expect(note).toHaveAccessibleDescription('oculta por el ancho');

    await user.click(within(panel).getByRole('checkbox', { name: 'PAGADOR' }));
    expect(onChange).toHaveBeenLastCalledWith({ payer: false });
    await user.click(note);
    expect(onChange).toHaveBeenLastCalledWith({ payer: false, note: true });
    expect(note).toBeChecked();

    await user.click(within(panel).getByRole('button', { name: 'Restablecer columnas' }));
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(within(panel).getByRole('checkbox', { name: 'PAGADOR' })).toBeChecked();

    // Esc closes the panel and gives the focus back to its button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('keeps the last column shown', async () => {
    const user = userEvent.setup();
    render(<Chooser hiddenByWidth={['note']} />);
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    const panel = await screen.findByRole('dialog', { name: 'Columnas' });
    await user.click(within(panel).getByRole('checkbox', { name: 'PAGADOR' }));
    expect(within(panel).getByRole('checkbox', { name: 'ID' })).toBeDisabled();
  });
});

function Views({ initial = [] as SavedView[], current = 'estado=aprobado', onApply = vi.fn() }) {
  const [views, setViews] = useState<SavedView[]>(initial);
  return (
    <>
      <ViewsMenu views={views} current={current} onApply={onApply} onChange={setViews} />
      <output data-testid="views">{JSON.stringify(views.map(({ name, params }) => [name, params]))}</output>
    </>
  );
}

const savedViews = () => JSON.parse(screen.getByTestId('views').textContent ?? '[]') as [string, string][];

describe('ViewsMenu', () => {
  it("'Guardar vista actual…' saves the list's view under a name, checked and unique", async () => {
    const user = userEvent.setup();
    render(<Views initial={[{ id: 'a', name: 'Rechazados', params: 'estado=rechazado' }]} />);
    const button = screen.getByRole('button', { name: 'Vistas' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Guardar vista actual…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar vista actual' });
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Escriba un nombre para la vista.')).toBeInTheDocument();
    await user.type(name, ' rechazados ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Ya hay una vista con ese nombre.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Aprobados{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savedViews()).toEqual([
      ['Rechazados', 'estado=rechazado'],
      ['Aprobados', 'estado=aprobado'],
    ]);
    expect(button).toHaveFocus();
  });

  it('offers the saved views, the one shown ticked; choosing one applies its parameters', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(
      <Views
        onApply={onApply}
        initial={[
          { id: 'a', name: 'Rechazados', params: 'estado=rechazado&sort=amount:asc' },
          { id: 'b', name: 'Aprobados', params: 'estado=aprobado' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Vistas' }));
    const menu = await screen.findByRole('menu', { name: 'Vistas' });
    expect(within(menu).getByRole('menuitem', { name: 'Aprobados' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Rechazados' }));
    expect(onApply).toHaveBeenCalledWith({
      id: 'a',
      name: 'Rechazados',
      params: 'estado=rechazado&sort=amount:asc',
    });
  });

  it('renames and deletes a view', async () => {
    const user = userEvent.setup();
    render(
      <Views
        initial={[
          { id: 'a', name: 'Rechazados', params: 'estado=rechazado' },
          { id: 'b', name: 'Aprobados', params: 'estado=aprobado' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Vistas' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Renombrar o eliminar vistas…' }));
    const manage = await screen.findByRole('dialog', { name: 'Vistas guardadas' });
    await user.click(within(manage).getByRole('button', { name: 'Renombrar la vista Rechazados' }));
    const rename = await screen.findByRole('dialog', { name: 'Renombrar vista' });
    const name = within(rename).getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('Rechazados');
    await user.clear(name);
    await user.type(name, 'Rechazados del mes{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Renombrar vista' })).not.toBeInTheDocument(),
    );
    expect(savedViews()[0]).toEqual(['Rechazados del mes', 'estado=rechazado']);

    await user.click(within(manage).getByRole('button', { name: 'Eliminar la vista Aprobados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar vista' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(savedViews()).toEqual([['Rechazados del mes', 'estado=rechazado']]));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});

describe('the last data column and the applied view', () => {
  it('keeps the last data column shown: ACCIONES does not count, and the kept one says why', async () => {
    const user = userEvent.setup();
    render(<Chooser columns={[...COLUMNS, { field: 'actions', headerName: 'ACCIONES' }]} />);
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    const panel = await screen.findByRole('dialog', { name: 'Columnas' });
    await user.click(within(panel).getByRole('checkbox', { name: 'ID' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'PAGADOR' }));
    const note = within(panel).getByRole('checkbox', { name: 'NOTA' });
    expect(note).toBeDisabled();
    expect(note).toHaveAccessibleDescription('la lista muestra al menos una columna');
    expect(within(panel).getByRole('checkbox', { name: 'ACCIONES' })).toBeEnabled();
  });

  function Tools({ params }: { params: string }) {
    const [shown, setShown] = useState(params);
    const view: ListViewBinding = { area: 'things', params: shown, apply: setShown };
    const { tools } = useListTools(view, COLUMNS);
    return (
      <>
        {tools}
        <button type="button" onClick={() => setShown(`${shown}&sort=amount:asc`)}>
          Cambiar filtros
        </button>
      </>
    );
  }

  it("names the view shown; once the filters differ, '(con cambios)' and 'Guardar cambios' saves them into it", async () => {
    sessionStorage.clear();
    const user = userEvent.setup();
    render(<Tools params="estado=aprobado" />);
    expect(screen.queryByTestId('applied-view')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vistas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Guardar vista actual…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar vista actual' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Aprobados{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const applied = screen.getByTestId('applied-view');
    expect(applied).toHaveTextContent(/^Vista: Aprobados$/);
    expect(within(applied).queryByRole('button', { name: 'Guardar cambios' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cambiar filtros' }));
    expect(applied).toHaveTextContent('Vista: Aprobados (con cambios)');
    await user.click(within(applied).getByRole('button', { name: 'Guardar cambios' }));
    expect(applied).toHaveTextContent(/^Vista: Aprobados$/);
    // The view now is the changed filters: choosing it from the menu shows it ticked.
    await user.click(screen.getByRole('button', { name: 'Vistas' }));
    const menu = await screen.findByRole('menu', { name: 'Vistas' });
    expect(within(menu).getByRole('menuitem', { name: 'Aprobados' })).toHaveAttribute('aria-current', 'true');
  });
});
