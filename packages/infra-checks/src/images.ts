/**
 * What each image of the Dockerfile carries from the repository: the paths its target (and the stages it builds
 * on) copies from the `build` stage, and the repository files behind them (a `dist` folder stands for its app's
 * sources, tests excluded, which is what the build compiles or bundles into it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Stage {
  name: string;
  base: string;
  body: string;
}

const stagesOf = (dockerfile: string): Stage[] =>
  dockerfile
    .split(/^FROM /m)
    .slice(1)
    .map((text) => {
      const [header = '', ...rest] = text.split('\n');
      const [base = '', , name = ''] = header.trim().split(/\s+/);
      return { name, base, body: rest.join('\n') };
    });

/** Repository paths (relative, e.g. `apps/gateway/dist`) the image of `target` copies from the build stage. */
export function imageSources(dockerfile: string, target: string): string[] {
  const stages = stagesOf(dockerfile);
  const sources: string[] = [];
  for (let stage = stages.find((s) => s.name === target); stage;) {
    for (const line of stage.body.split('\n')) {
      const words = line.trim().split(/\s+/);
      if (words[0] !== 'COPY' || !words.includes('--from=build')) continue;
      const paths = words.slice(1).filter((w) => !w.startsWith('--'));
      for (const source of paths.slice(0, -1)) sources.push(source.replace(/^\/app\//, ''));
    }
    const base = stage.base;
    stage = stages.find((s) => s.name === base);
  }
  return sources;
}

const isTest = (path: string): boolean =>
  /(^|\/)(__tests__|e2e)(\/|$)/.test(path) || /\.test\.[cm]?[jt]sx?$/.test(path);

const filesUnder = (root: string, path: string): string[] => {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((entry) => filesUnder(root, join(path, entry)));
};

/** The repository files behind the image's sources: files as they are, build outputs as their apps' sources. */
export function filesBehind(root: string, sources: string[]): string[] {
  return sources.flatMap((source) => {
    if (/(^|\/)dist(-server)?$/.test(source)) {
      return filesUnder(root, join(dirname(source), 'src')).filter((file) => !isTest(file));
    }
    return filesUnder(root, source);
  });
}

/** The files of `files` whose text contains `needle`. */
export const filesContaining = (root: string, files: string[], needle: string): string[] =>
  files.filter((file) => readFileSync(join(root, file), 'utf8').includes(needle));
