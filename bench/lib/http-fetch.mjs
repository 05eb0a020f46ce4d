// Experiment only (BENCH_GATEWAY_FETCH=http): the subset of `fetch` the gateway's RestClient uses, over
// node:http with a keep-alive Agent, to measure what undici's fetch costs the gateway per upstream call.
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = {
  'http:': new Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
};

export function httpFetch(input, init = {}) {
  const url = new URL(String(input));
  const send = url.protocol === 'https:' ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const req = send(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: agents[url.protocol] },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode,
            ok: res.statusCode >= 200 && res.statusCode < 300,
            headers: new globalThis.Headers(
              Object.entries(res.headers).flatMap(([k, v]) =>
                Array.isArray(v) ? v.map((x) => [k, x]) : [[k, String(v)]],
              ),
            ),
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    const onAbort = () => {
      req.destroy();
      reject(signal.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    req.end(init.body ?? undefined);
  });
}
