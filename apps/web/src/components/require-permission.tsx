import type { ReactNode } from 'react';
import { satisfies, usePermissions, type Permission } from '../lib/permissions';
import { NoPermission } from './layout/no-permission';

/**
 * Renders its children only when the signed-in user holds any of `any` (and every one of `all`);
 * otherwise 'No tiene permisos'. The gateway refuses on its own: this is what the operator sees.
 */
export function RequirePermission({
  any,
  all,
  title,
  fallback,
  children,
}: {
  any?: readonly Permission[];
  all?: readonly Permission[];
  title?: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const permissions = usePermissions();
  if (satisfies(permissions, { any, all })) return <>{children}</>;
  return <>{fallback ?? <NoPermission title={title} />}</>;
}
