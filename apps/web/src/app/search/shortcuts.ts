/** Every keyboard shortcut of the back-office, as 'Atajos de teclado' lists them ('?'). */
export const SHORTCUTS: ReadonlyArray<{ keys: readonly string[]; action: string }> = [
  { keys: ['Ctrl + K', '⌘ + K'], action: 'Buscar en el back-office (desde cualquier pantalla)' },
  { keys: ['?'], action: 'Mostrar los atajos de teclado' },
  { keys: ['/'], action: 'Ir al campo de búsqueda de la lista' },
  { keys: ['↑', '↓'], action: 'En una lista: moverse entre las filas. En la búsqueda: entre los resultados' },
  { keys: ['Enter'], action: 'Abrir el detalle de la fila o el resultado elegido' },
  { keys: ['Esc'], action: 'Cerrar el diálogo abierto (el foco vuelve a donde estaba)' },
];
