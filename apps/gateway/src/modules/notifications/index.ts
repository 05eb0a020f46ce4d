import { defineModule } from '../../shared/define-module.js';
import { NotificationsDataSource } from './notifications.datasource.js';
import { createNotificationLoader } from './notifications.loader.js';
import { notificationsResolvers } from './notifications.resolvers.js';

/** The upstream services this module calls; each joins `ServiceName` and the gateway's SERVICES (config.ts). */
const SERVICES = ['notification'] as const;
declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members are SERVICES
  interface UpstreamServices extends Record<(typeof SERVICES)[number], true> {}
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
