// Child process of the benchmark: a bare node:http server that answers every POST with a fixed JSON body
// (BENCH_ECHO_BYTES long), pinned like the gateway. Its CPU per request is the platform's floor (HTTP
// parsing, one socket write, the wake-ups) under which no gateway can go on this machine.
import { createServer } from 'node:http';
import { Buffer } from 'node:buffer';
import process from 'node:process';

const size = Number(process.env.BENCH_ECHO_BYTES ?? 200);
const body = JSON.stringify({ data: { padding: 'x'.repeat(Math.max(0, size - 30)) } });
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `BENCH_READY ${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`,
  );
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
