import { listParams, type Paged } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';
import type { RawPayment } from './payments.mappers.js';
import type { PaymentListQuery } from './payments.rules.js';

/** The payment service (PAYMENT_SERVICE_URL). Only HTTP: no mapping, no rules. */
export class PaymentsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /pagos with filters, page, limit and sorts. */
  list(query: PaymentListQuery): Promise<Paged<RawPayment>> {
    return this.client.get<Paged<RawPayment>>('/pagos', listParams(query));
  }
}
