/** The product version shown in the menu (spec 000 §1). Keep in step with apps/web/package.json. */
export const PRODUCT_VERSION = '1.52.1';
export const PRODUCT_NAME = 'Back-office';

/** Top-bar links (docs/decisions.md, "Support and documentation links"). */
export const SUPPORT_URL = `mailto:soporte@cobranzas.com.ar?subject=${encodeURIComponent(
  `Consulta back-office ${PRODUCT_VERSION}`,
)}`;
export const DOCUMENTATION_URL = '/documentacion.html';

/** What's new in this version (Novedades). */
export const NEWS: readonly { title: string; detail: string }[] = [
  {
    title: 'Nuevo Buscar Pagos',
    detail:
      'Búsqueda libre por e-mail del pagador, ID de pago o de transacción, con filtro por entidad, período y estado, orden por columna y paginación.',
  },
  {
    title: 'Los listados recuerdan dónde estaba',
    detail:
      'Al volver a un listado se restauran la página y los filtros de su última búsqueda en esta sesión.',
  },
  {
    title: 'Menú lateral contraíble',
    detail:
      'El menú se puede contraer a íconos con el botón de la barra superior; el back-office recuerda su preferencia.',
  },
  {
    title: 'Inicio con pestañas',
    detail:
      'Buscar Pagos, Buscar Entidades y Buscar Pagadores en la pantalla de inicio; se conserva la última pestaña usada.',
  },
  {
    title: 'Mi perfil',
    detail:
      'Muestra su usuario, nombre, e-mail y la lista de permisos que tiene asignados, con nombres legibles.',
  },
  {
    title: 'Sesión más segura',
    detail:
      'Inicio de sesión único con renovación automática del acceso y cierre de sesión que vuelve a la pantalla de ingreso.',
  },
];
