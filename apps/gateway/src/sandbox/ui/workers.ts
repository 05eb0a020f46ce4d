/**
 * Monaco's web workers, bundled next to the page and loaded from the gateway's own origin (no blob:, no CDN).
 * Imported before GraphiQL so the environment is set when the first editor starts.
 */
const workerUrl = (label: string): string => {
  const name = label === 'graphql' ? 'graphql' : label === 'json' ? 'json' : 'editor';
  return new URL(`./${name}.worker.js`, import.meta.url).href;
};

(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => new Worker(workerUrl(label), { name: label }),
};
