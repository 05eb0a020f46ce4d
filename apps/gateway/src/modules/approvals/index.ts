import { defineModule } from '../../shared/define-module.js';
import { approvalsResolvers } from './approvals.resolvers.js';

/**
 * Four eyes on money: the requests the approval policies held (money/approvals.ts), listed and decided by a second
 * operator holding the action's permission. From the gateway's own store; no platform service.
 */
export const approvalsModule = defineModule({
  name: 'approvals',
  schemaFiles: ['approval.graphql'],
  resolvers: approvalsResolvers,
});
