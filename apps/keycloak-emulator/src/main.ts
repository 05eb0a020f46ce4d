import { DEFAULT_REALM_FILE, readRealmFile, startEmulator } from './index.js';

const env = process.env;
const realmFile = env.REALM_FILE ?? DEFAULT_REALM_FILE;
const port = Number(env.PORT ?? 8080);

const emulator = await startEmulator({
  port,
  host: env.HOST ?? '127.0.0.1',
  realmFile,
  ...(env.KEY_FILE ? { keyFile: env.KEY_FILE } : {}),
  ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  ...(env.ACCESS_TOKEN_TTL ? { accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL) } : {}),
});

const users = (readRealmFile(realmFile).users ?? [])
  .map((u) => {
    const password = u.credentials?.find((c) => (c.type ?? 'password') === 'password')?.value ?? '?';
    const roles = (u.realmRoles ?? []).filter((r) => !r.startsWith('default-roles-'));
    return `${u.username}/${password}${roles.length > 0 ? ` (${roles.join(', ')})` : ' (sin rol)'}`;
  })
  .join(', ');
console.log(`Emulador de Keycloak en ${emulator.issuer} — usuarios: ${users}`);

const shutdown = (): void => {
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
