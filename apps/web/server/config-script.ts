/** The runtime configuration the browser reads from `window.__BACKOFFICE_CONFIG__` (see src/lib/config.ts). */
export interface WebRuntimeConfig {
  gatewayUrl: string;
  keycloakUrl: string;
  realm: string;
  clientId: string;
}

/** The body of /config.js: one assignment, JSON-encoded so no value can break out of the script. */
export function renderConfigScript(config: WebRuntimeConfig): string {
  const json = JSON.stringify({
    gatewayUrl: config.gatewayUrl,
    keycloakUrl: config.keycloakUrl,
    realm: config.realm,
    clientId: config.clientId,
  }).replace(/</g, '\\u003c');
  return `window.__BACKOFFICE_CONFIG__ = Object.freeze(${json});\n`;
}
