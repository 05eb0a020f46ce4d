// Types of ports.mjs.
export type ParsedPorts =
  | { value: { gateway?: number; stubs?: number; keycloak?: number }; error?: undefined }
  | { value?: undefined; error: string };

export function parsePorts(text: string): ParsedPorts;
