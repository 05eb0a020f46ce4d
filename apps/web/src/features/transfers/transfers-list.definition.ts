import { enumParam } from '@/lib/list/enum-param';
import {
  COLLECTOR_PART,
  combineFilters,
  dayRangePart,
  SEARCH_TEXT_PART,
  statusFilter,
  textPart,
} from '@/lib/list/filter-parts';
import { sortFieldsOf, STANDARD_PAGING, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { TransferSortField, TransferStatus } from './gql/graphql';

/**
 * /transferencias' list definition (lib/list, session storage `transfers.list`; its route and codec only, so that
 * another area may link here: `hrefOf`): `q` (payment id or destination transfer
 * id), `entidad` + `entidad_nombre`, `desde` / `hasta` (days), `monto` (exact), `cuit` (exact, 11 digits),
 * `estado` (pendiente | conciliada | rechazada | todos; initially pendiente, spec 001 §2).
 */
export interface TransfersFilters {
  search: string;
  collector: { id: string; name: string } | null;
  from: string | null;
  to: string | null;
  amount: string;
  cuit: string;
  status: TransferStatus | null;
}

const STATUS_TEXTS: Record<TransferStatus, string> = {
  PENDING: 'pendiente',
  CONCILIATED: 'conciliada',
  REJECTED: 'rechazada',
};
const STATUS_PARAM = enumParam(STATUS_TEXTS);

export const transfersList: LinkedListDefinition<TransfersFilters, TransferSortField> = {
  area: 'transfers',
  path: '/transferencias',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(['REQUEST_DATE', 'AMOUNT', 'STATUS']),
  defaultFilters: () => ({
    search: '',
    collector: null,
    from: null,
    to: null,
    amount: '',
    cuit: '',
    status: 'PENDING',
  }),
  filters: combineFilters(
    SEARCH_TEXT_PART,
    COLLECTOR_PART,
    dayRangePart(),
    textPart('amount', 'monto'),
    textPart('cuit', 'cuit', { tidy: (cuit) => cuit.replace(/\D/g, '') }),
    statusFilter(STATUS_PARAM),
  ),
};
