import DataLoader from 'dataloader';
import type { Notification } from '../../generated/resolvers-types.js';
import { UpstreamError } from '../../upstream/errors.js';
import type { NotificationsDataSource } from './notifications.datasource.js';
import { mapNotification } from './notifications.mappers.js';

/** Per request: GET /notificaciones/{id} once per id; null when it does not exist. */
export function createNotificationLoader(
  source: NotificationsDataSource,
): DataLoader<string, Notification | null> {
  return new DataLoader<string, Notification | null>(
    (ids) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            return mapNotification(await source.byId(id));
          } catch (error) {
            if (error instanceof UpstreamError && error.status === 404) return null;
            return error as Error;
          }
        }),
      ),
    { batch: false },
  );
}
