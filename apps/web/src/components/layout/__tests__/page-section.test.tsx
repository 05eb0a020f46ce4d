import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSection } from '../page-section';

describe('PageSection', () => {
  it('is a region named by its title, its header first, then the content', () => {
    render(
      <PageSection
        title="Detalle de la importación"
        subtitle="Importación 12"
        actions={<button>Recargar</button>}
      >
        <p>Contenido</p>
      </PageSection>,
    );
    const region = screen.getByRole('region', { name: 'Detalle de la importación' });
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent('Detalle de la importación');
    expect(within(region).getByText('Importación 12')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(region.lastElementChild).toHaveTextContent('Contenido');
  });

  it("takes another name where the title is the record's own", () => {
    render(<PageSection title="Juan Pérez" label="Detalle del pagador" />);
    expect(screen.getByRole('region', { name: 'Detalle del pagador' })).toHaveTextContent('Juan Pérez');
  });
});
