import { readdirSync, readFileSync, statSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BadPathError, methodIs, pathUnder, routeMatcher } from '../routes.js';

const request = (method: string) => {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  return req;
};

describe('routing of /files and /sandbox on plain node:http', () => {
  it('matches a route with Express 5 rules: parameters decoded, any case, a trailing slash allowed', () => {
    const route = routeMatcher('/retiros/:id/:format');
    expect(route('/retiros/12/csv')).toEqual({ id: '12', format: 'csv' });
    expect(route('/RETIROS/12/csv/')).toEqual({ id: '12', format: 'csv' });
    expect(route('/retiros/a%20b/csv')).toEqual({ id: 'a b', format: 'csv' });
    expect(route('/retiros/12')).toBeNull();
    expect(route('/retiros/12/csv/extra')).toBeNull();
    expect(routeMatcher('/importaciones')('/importaciones')).toEqual({});
    expect(routeMatcher('/')('/')).toEqual({});
  });

  it('refuses a parameter that is not valid percent-encoding as a 400', () => {
    const route = routeMatcher('/exportaciones/:id');
    expect(() => route('/exportaciones/%E0%A4%A')).toThrow(BadPathError);
    try {
      route('/exportaciones/%zz');
    } catch (error) {
      expect((error as BadPathError).status).toBe(400);
    }
  });

  it('finds the path below a mount point, and nothing for a longer name', () => {
    expect(pathUnder('/files', '/files/retiros/1/csv')).toBe('/retiros/1/csv');
    expect(pathUnder('/files', '/files')).toBe('/');
    expect(pathUnder('/files', '/Files/x')).toBe('/x');
    expect(pathUnder('/files', '/filesx')).toBeNull();
    expect(pathUnder('/files', '/graphql')).toBeNull();
  });

  it('answers HEAD with a GET route, never a POST route', () => {
    expect(methodIs(request('HEAD'), 'GET')).toBe(true);
    expect(methodIs(request('GET'), 'GET')).toBe(true);
    expect(methodIs(request('HEAD'), 'POST')).toBe(false);
    expect(methodIs(request('POST'), 'GET')).toBe(false);
  });
});

describe('the gateway without Express', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));

  it('does not depend on express at run time', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).filter((name) => /express/.test(name))).toEqual([]);
  });

  it('imports express nowhere outside its tests', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sources(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const importers = sources(join(root, 'src')).filter((path) =>
      /from '(?:express|@opentelemetry\/instrumentation-express)'/.test(readFileSync(path, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
