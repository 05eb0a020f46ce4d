// Child process of the benchmark: the peer (peer.mjs) alone, pinned like the gateway so that their CPU times per
// request compare. Configured by the environment the gateway child gets (KEYCLOAK_ISSUER, KEYCLOAK_JWKS_URL,
// STUBS_URL); prints `BENCH_READY {"url": ...}` when listening and stops when its stdin ends.
import process from 'node:process';
import { startPeer } from './peer.mjs';

const stubs = process.env.STUBS_URL;
const peer = await startPeer({
  issuer: process.env.KEYCLOAK_ISSUER,
  jwksUrl: process.env.KEYCLOAK_JWKS_URL,
  audience: process.env.KEYCLOAK_AUDIENCE ?? 'back-office-gateway',
  paymentUrl: `${stubs}/payment`,
  collectorUrl: `${stubs}/collector`,
  formHost: process.env.FORM_HOST ?? 'http://localhost:5173/formulario',
});
process.stdout.write(`BENCH_READY ${JSON.stringify({ url: peer.url.replace(/\/$/, '') })}\n`);
process.stdin.on('end', async () => {
  await peer.stop().catch(() => {});
  process.exit(0);
});
process.stdin.resume();
