// What the gateway asks the REST services for (from the stubs' /__admin/requests), and the same calls made
// directly, respecting only the data dependencies between them (the unavoidable path).
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';
import { httpCall } from './load.mjs';

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

export const clearRequests = (stubsUrl) => httpCall('DELETE', `${stubsUrl}/__admin/requests`, {});

export async function recordedRequests(stubsUrl) {
  const { text } = await httpCall('GET', `${stubsUrl}/__admin/requests?limit=2000`, {});
  return JSON.parse(text);
}

/**
 * Runs `fn` and returns the upstream requests it caused, oldest first. First waits until the log stays empty
 * for `settleMs`: the previous scenario's last requests (autocannon stops without waiting for the answers
 * still in flight) would otherwise be counted as this operation's calls.
 */
export async function recordCalls(stubsUrl, fn, { settleMs = 250, tries = 20 } = {}) {
  for (let i = 0; i < tries; i++) {
    await clearRequests(stubsUrl);
    await sleep(settleMs);
    if ((await recordedRequests(stubsUrl)).length === 0) break;
  }
  await clearRequests(stubsUrl);
  const result = await fn();
  const calls = await recordedRequests(stubsUrl);
  return { result, calls };
}

/** A recorded request as a call we can replay: absolute URL and the same headers. */
export function replayable(stubsUrl, recorded) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(recorded.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  const headers = {};
  for (const [key, value] of Object.entries(recorded.headers ?? {})) {
    if (!HOP_BY_HOP.has(key) && typeof value === 'string') headers[key] = value;
  }
  return {
    method: recorded.method,
    url: `${stubsUrl}${recorded.path}${qs ? `?${qs}` : ''}`,
    label: `${recorded.method} ${recorded.path}${qs ? `?${decodeURIComponent(qs)}` : ''}`,
    resource: `${recorded.method} ${recorded.path}${qs ? `?${qs}` : ''}`,
    headers,
    body: recorded.body ?? undefined,
  };
}

/** Id-like tokens of a URL (digit runs of 4+ digits, dates removed), which tie a call to an earlier answer. */
function idTokens(url) {
  const text = decodeURIComponent(url.replace(/^https?:\/\/[^/]+/, ''))
    .replace(/\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?/g, ' ')
    .replace(/[?&](?:page|limit)=\d+/g, ' ');
  return [...new Set(text.match(/\d{4,}/g) ?? [])];
}

/**
 * Orders `calls` in dependency levels: a call whose ids all come from the operation's input (`inputIds`),
 * or appear in no other answer, is level 0; a call that needs an id found in the answer of another call
 * comes after it. Each call is made once here to read its answer. Returns levels: array of arrays of calls.
 */
export async function dependencyLevels(calls, inputIds) {
  const answers = await Promise.all(
    calls.map((call) => httpCall(call.method, call.url, call.headers, call.body)),
  );
  const texts = answers.map((a) => a.text);
  const inputs = new Set(inputIds.map(String));
  const providers = calls.map((call, i) =>
    idTokens(call.url)
      .filter((token) => !inputs.has(token))
      .map((token) =>
        texts.map((text, j) => (j !== i && text.includes(token) ? j : -1)).filter((j) => j >= 0),
      )
      .filter((list) => list.length > 0),
  );
  const level = calls.map(() => null);
  let changed = true;
  while (changed) {
    changed = false;
    calls.forEach((_call, i) => {
      if (level[i] !== null) return;
      // Every token must have at least one provider already placed; the call goes after the earliest one.
      let max = -1;
      for (const list of providers[i]) {
        const placed = list.filter((j) => level[j] !== null).map((j) => level[j]);
        if (!placed.length) return;
        max = Math.max(max, Math.min(...placed));
      }
      level[i] = max + 1;
      changed = true;
    });
  }
  // Cycles (should not happen): after everything else.
  const top = Math.max(0, ...level.filter((l) => l !== null));
  level.forEach((l, i) => {
    if (l === null) level[i] = top + 1;
  });
  const levels = [];
  calls.forEach((call, i) => (levels[level[i]] ??= []).push(call));
  return levels.filter(Boolean);
}

/** The direct operation: each level's calls in parallel, levels one after the other. */
export const directOp = (levels) => async () => {
  for (const calls of levels) {
    await Promise.all(calls.map((call) => httpCall(call.method, call.url, call.headers, call.body)));
  }
};

/** The browser without a gateway: every call one after the other. */
export const sequentialOp = (calls) => async () => {
  for (const call of calls) await httpCall(call.method, call.url, call.headers, call.body);
};

/** Distinct resources (method + path + query) among `calls`. */
export const distinctResources = (calls) => new Set(calls.map((call) => call.resource)).size;
