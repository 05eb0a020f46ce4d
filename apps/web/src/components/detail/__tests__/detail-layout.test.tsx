import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CardLink } from '../card-link';
import { CollectorLink } from '../collector-link';
import { DetailColumns } from '../detail-columns';

describe('CollectorLink', () => {
  it("links the collector's name to its page (the id encoded)", () => {
    render(
      <MemoryRouter>
        <CollectorLink collectorId="C 1/2" name="Club Atlético" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Club Atlético' });
    expect(link).toHaveAttribute('href', '/comercios/C%201%2F2');
    expect(link).toHaveAttribute('data-testid', 'collector-link');
  });

  it('shows the id when the collector has no name', () => {
    render(
      <MemoryRouter>
        <CollectorLink collectorId="77" name={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '77' })).toHaveAttribute('href', '/comercios/77');
  });
});

describe('DetailColumns', () => {
  it('puts the main sections in the first column and the side ones in the second, in order', () => {
    const { container } = render(
      <DetailColumns
        main={
          <>
            <section>Datos</section>
            <section>Fechas</section>
          </>
        }
        side={<section>Pagador</section>}
      />,
    );
    const columns = container.firstElementChild!.children;
    expect(columns).toHaveLength(2);
    expect(columns[0]!.textContent).toBe('DatosFechas');
    expect(columns[1]!.textContent).toBe('Pagador');
  });
});

describe('CardLink', () => {
  it('is a link to the other screen that looks like a small button with an arrow; outlined beside fields', () => {
    render(
      <MemoryRouter>
        <CardLink to="/pagadores/P%201">Ver pagador</CardLink>
        <CardLink outlined to="/suscripcion/9">
          Ver suscripción
        </CardLink>
      </MemoryRouter>,
    );
    const payer = screen.getByRole('link', { name: 'Ver pagador' });
    expect(payer).toHaveAttribute('href', '/pagadores/P%201');
    expect(payer).toHaveClass('MuiButton-text', 'MuiButton-sizeSmall');
    expect(payer.querySelector('.MuiButton-endIcon svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ver suscripción' })).toHaveClass('MuiButton-outlined');
  });
});
