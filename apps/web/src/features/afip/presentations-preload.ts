import { listQueryPreload } from '@/lib/preload/list-preload';
import { PresentationsListText } from './gql/operation-texts';
import { presentationsQuery } from './presentation-labels';

/**
 * Presentaciones AFIP's first query, started on navigation to /afip (app/routes.ts) while the screen's chunk loads;
 * on a document's first address it leaves before Apollo, as soon as the token is known (app/first-request.ts).
 */
export default listQueryPreload(presentationsQuery, PresentationsListText);
