/** Runtime configuration the web server writes into index.html (Vite's dev server: /config.js), before the bundle. */
export interface BackofficeConfig {
  gatewayUrl: string;
  keycloakUrl: string;
  realm: string;
  clientId: string;
}

declare global {
  interface Window {
    __BACKOFFICE_CONFIG__?: Partial<BackofficeConfig>;
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the raw object; throws a Spanish ConfigError naming what is missing. */
export function parseConfig(raw: Partial<BackofficeConfig> | undefined): BackofficeConfig {
  if (!raw) throw new ConfigError('No se encontró la configuración del back-office (/config.js).');
  const missing = (['gatewayUrl', 'keycloakUrl'] as const).filter(
    (key) => typeof raw[key] !== 'string' || raw[key] === '',
  );
  if (missing.length > 0) {
    throw new ConfigError(`La configuración del back-office está incompleta: falta ${missing.join(', ')}.`);
  }
  return {
    gatewayUrl: raw.gatewayUrl as string,
    keycloakUrl: (raw.keycloakUrl as string).replace(/\/+$/, ''),
    realm: raw.realm || 'back-office',
    clientId: raw.clientId || 'back-office-web',
  };
}

export function readConfig(): BackofficeConfig {
  return parseConfig(typeof window === 'undefined' ? undefined : window.__BACKOFFICE_CONFIG__);
}
