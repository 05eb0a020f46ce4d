/**
 * A database of its own on a real PostgreSQL server, made for one test file and dropped after: two files running at
 * once on the same server never read each other's rows (`.ci/run` runs the store's and the gateway's files side by
 * side on one loopback server).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  databaseUrl: string;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the server `serverUrl` names and answers its URL (same user, host and options). */
export async function createScratchDatabase(serverUrl: string, prefix = 'test'): Promise<ScratchDatabase> {
  // Only [a-z0-9_] reaches the statement: the name is not a parameter in CREATE DATABASE.
  const name = `${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Whether a test run covers the embedded store (TEST_STORES=postgres leaves it out: `.ci/run`'s PostgreSQL passes run
 * only what a server changes, the embedded runs being `npm test`'s). The server is covered when `serverUrl` names one.
 */
export function testsEmbeddedStore(serverUrl: string, testStores = process.env.TEST_STORES): boolean {
  if (testStores !== 'postgres') return true;
  if (!serverUrl) throw new Error('TEST_STORES=postgres needs TEST_DATABASE_URL');
  return false;
}
