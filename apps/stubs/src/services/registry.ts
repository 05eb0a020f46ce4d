/** Every simulated service; each is mounted at `/${name}`. Add new services here. */
import type { ServiceModule } from '../lib/service.js';
import { collectorService } from './collector/routes.js';
import { notificationService } from './notification/routes.js';
import { paymentService } from './payment/routes.js';
import { subscriptionService } from './subscription/routes.js';

export const SERVICES: readonly ServiceModule[] = [
  paymentService,
  collectorService,
  notificationService,
  subscriptionService,
];
