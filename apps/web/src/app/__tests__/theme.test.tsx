import { render, screen } from '@testing-library/react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';

describe("the theme's Spanish texts of Material's components", () => {
  it("names an Autocomplete's buttons and its empty list in Spanish", () => {
    render(
      <ThemeProvider theme={theme}>
        <Autocomplete
          options={[] as string[]}
          value="a"
          open
          renderInput={(params) => <TextField {...params} label="Entidad" />}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText('Sin opciones')).toBeInTheDocument();
    // Shown on hover or focus (CSS), so named by its title here.
    expect(screen.getByTitle('Limpiar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it("names a closed Autocomplete's popup button 'Abrir', and an Alert's close button 'Cerrar'", () => {
    render(
      <ThemeProvider theme={theme}>
        <Autocomplete options={['a']} renderInput={(params) => <TextField {...params} label="Entidad" />} />
        <Alert onClose={() => undefined}>Aviso</Alert>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
