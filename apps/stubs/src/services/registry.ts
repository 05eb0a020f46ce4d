/** Every simulated service; each is mounted at `/${name}`. Add new services here. */
import type { ServiceModule } from '../lib/service.js';
import { batchService } from './batch/routes.js';
import { afipService } from './afip/routes.js';
import { binService } from './bin/routes.js';
import { collectorService } from './collector/routes.js';
import { converterService } from './converter/routes.js';
import { importService } from './import/routes.js';
import { distributionService } from './distribuciones/routes.js';
import { exportService } from './export/routes.js';
import { formularioService } from './formulario/routes.js';
import { loteService } from './lote/routes.js';
import { notificationService } from './notification/routes.js';
import { payerService } from './payer/routes.js';
import { paymentService } from './payment/routes.js';
import { softProviderService } from './softprovider/routes.js';
import { subscriptionService } from './subscription/routes.js';
import { transferService } from './transfer/routes.js';
import { withdrawService } from './withdraw/routes.js';
import { withdrawalService } from './withdrawal/routes.js';

export const SERVICES: readonly ServiceModule[] = [
  paymentService,
  collectorService,
  notificationService,
  subscriptionService,
  withdrawService,
  withdrawalService,
  batchService,
  loteService,
  distributionService,
  afipService,
  softProviderService,
  binService,
  importService,
  converterService,
  transferService,
  payerService,
  exportService,
  formularioService,
];
