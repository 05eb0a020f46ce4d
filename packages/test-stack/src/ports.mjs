// The --ports option of `npm run stack:test`: `gateway=4000,stubs=4010,keycloak=8080`, any subset, any order.
const NAMES = ['gateway', 'stubs', 'keycloak'];

/**
 * @param {string} text
 * @returns {{ value: { gateway?: number, stubs?: number, keycloak?: number }, error?: undefined } | { value?: undefined, error: string }}
 */
export function parsePorts(text) {
  const value = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d{1,5})$/.exec(part);
    if (!match) {
      return { error: `--ports no válido: "${part}". Formato: gateway=4000,stubs=4010,keycloak=8080.` };
    }
    const [, name, digits] = match;
    if (!NAMES.includes(name)) {
      return { error: `--ports: servicio desconocido "${name}". Servicios: ${NAMES.join(', ')}.` };
    }
    if (name in value) return { error: `--ports: "${name}" aparece dos veces.` };
    const port = Number(digits);
    if (port < 1 || port > 65535)
      return { error: `--ports: el puerto de ${name} debe estar entre 1 y 65535.` };
    value[name] = port;
  }
  return { value };
}
