import { listQueryPreload } from '@/lib/preload/list-preload';
import { paymentsQuery } from './payments-list-state';

/** Buscar Pagos' first query, started on navigation to /pagos (app/routes.ts) while the screen's chunk loads. */
export default listQueryPreload(paymentsQuery);
