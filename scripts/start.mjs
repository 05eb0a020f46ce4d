// `npm start`: the whole product on the embedded defaults, in one terminal. Ctrl-C stops everything.
// The gateway runs as the images run it (its own process, its configuration from the environment): e.g.
// `METRICS_PORT=9464 OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 npm start` (README, "Run it").
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';

const stack = await startStack({
  host: process.env.HOST ?? '127.0.0.1',
  publicHost: 'localhost',
  ports: { stubs: 4010, keycloak: 8080, gateway: 4000, web: 5173 },
  keyFile: undefined, // the emulator's default: a signing key persisted under apps/keycloak-emulator/.data
  // The gateway's own store (activity, preferences): the embedded PostgreSQL in .data/store (gitignored), kept
  // between runs; DATABASE_URL in the environment puts it on a PostgreSQL server instead.
  storeDataDir: fileURLToPath(new URL('../.data/store', import.meta.url)),
  // The product on the operator's own environment (METRICS_PORT, OTEL_*, DATABASE_URL...), as the images read it.
  passEnv: 'all',
  // Four eyes on money, as an operator meets it in the seeded data: a refund from ARS 1.000.000 waits for a second
  // operator's approval ('Aprobaciones'). No flow of the specifications refunds that much; APPROVAL_POLICIES in
  // the environment replaces it ('[]': none).
  gatewayEnv: {
    APPROVAL_POLICIES: process.env.APPROVAL_POLICIES ?? '[{"action":"refundPayment","minAmount":"1000000"}]',
  },
});

const users = [
  ['admin', 'admin', 'todos los permisos'],
  ['operador', 'operador', 'pagos, suscripciones, pagadores, entidades, exportaciones, notificaciones'],
  [
    'tesoreria',
    'tesoreria',
    'retiros, lotes, distribuciones, pago de servicios, transferencias, importaciones',
  ],
  ['impuestos', 'impuestos', 'AFIP, soft-provider, BINs'],
  ['consulta', 'consulta', 'sin permisos (solo Buscar Pagos)'],
  ['supervisor', 'supervisor', 'aprueba lo que pide otro operador (Aprobaciones): devoluciones desde $ 1.000.000'],
];
console.log(`
  Back-office listo
  ─────────────────────────────────────────────
  Web (back-office)     ${stack.urls.web}
  GraphQL gateway       ${stack.urls.gateway}
  GraphQL sandbox       ${stack.urls.sandbox}
  Métricas (Prometheus) ${stack.urls.metrics ?? 'no se sirven (defina METRICS_PORT, p. ej. 9464)'}
  Keycloak (emulador)   ${stack.urls.keycloak}/realms/back-office
  Servicios REST stub   ${stack.urls.stubs}
  Formulario de pago    ${stack.urls.form}

  Usuarios de prueba (usuario / contraseña):
${users.map(([u, p, d]) => `    ${u.padEnd(10)} / ${p.padEnd(10)} ${d}`).join('\n')}

  Ctrl-C para detener todo.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nDeteniendo…');
  // Every server gets a deadline: past it the command exits anyway (a request still running is cut).
  setTimeout(() => {
    console.error('Algún servidor no se detuvo a tiempo; se cierra igual.');
    process.exit(1);
  }, 15_000);
  await stack.close().catch((error) => console.error('Error al detener:', error));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
