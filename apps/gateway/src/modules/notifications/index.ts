import { defineModule } from '../../shared/define-module.js';
import { NotificationsDataSource } from './notifications.datasource.js';
import { createNotificationLoader } from './notifications.loader.js';
import { notificationsResolvers } from './notifications.resolvers.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['notification'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    notification: true;
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  services: SERVICES,
  schemaFiles: ['notification.graphql'],
  resolvers: notificationsResolvers,
  dataSources: (upstream) => ({
    notifications: new NotificationsDataSource(upstream('notification')),
  }),
  loaders: ({ notifications }) => ({ notification: createNotificationLoader(notifications) }),
  errors: [
    {
      service: 'notification',
      code: 'validation_error',
      extendedCode: 'invalid_email',
      message: 'El e-mail del destinatario no es válido.',
    },
  ],
});
