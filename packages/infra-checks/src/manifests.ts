/**
 * Reads the deployment files of the repository and checks them offline:
 * - every Kubernetes object of infra/k8s against the API schemas twice: kubernetes-models' validators (required
 *   fields, types, formats) and a TypeScript compilation of each object as an object literal of its
 *   kubernetes-types type (unknown or misspelled fields fail, which the OpenAPI schemas let through);
 * - docker-compose.yml against the Compose specification's JSON schema.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const K8S_DIR = join(ROOT, 'infra/k8s');
const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);

export interface Manifest {
  /** Path relative to the repository. */
  file: string;
  /** Index of the document in its file. */
  index: number;
  object: Record<string, unknown> & { apiVersion?: string; kind?: string; metadata?: { name?: string } };
}

export function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

/** Every YAML document of `files` (a syntax error throws, naming the file). */
export function readManifests(files: string[]): Manifest[] {
  return files.flatMap((path) => {
    const file = relative(ROOT, path);
    return parseAllDocuments(readFileSync(path, 'utf8')).flatMap((doc, index) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      const object = doc.toJS() as Manifest['object'] | null;
      return object ? [{ file, index, object }] : [];
    });
  });
}

/** apiVersion/kind → kubernetes-models module and kubernetes-types module of the kinds used here. */
export const KINDS: Record<string, { model: string; types: string }> = {
  'v1/ConfigMap': { model: 'kubernetes-models/v1/ConfigMap', types: 'kubernetes-types/core/v1' },
  'v1/Secret': { model: 'kubernetes-models/v1/Secret', types: 'kubernetes-types/core/v1' },
  'v1/Service': { model: 'kubernetes-models/v1/Service', types: 'kubernetes-types/core/v1' },
  'apps/v1/Deployment': { model: 'kubernetes-models/apps/v1/Deployment', types: 'kubernetes-types/apps/v1' },
  'policy/v1/PodDisruptionBudget': {
    model: 'kubernetes-models/policy/v1/PodDisruptionBudget',
    types: 'kubernetes-types/policy/v1',
  },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
    types: 'kubernetes-types/autoscaling/v2',
  },
  'batch/v1/CronJob': { model: 'kubernetes-models/batch/v1/CronJob', types: 'kubernetes-types/batch/v1' },
  'networking.k8s.io/v1/Ingress': {
    model: 'kubernetes-models/networking.k8s.io/v1/Ingress',
    types: 'kubernetes-types/networking/v1',
  },
};

export const kindKey = (m: Manifest): string => `${m.object.apiVersion}/${m.object.kind}`;

/** kubernetes-models' validation of one object: the error text, or null when valid. */
export function modelErrors(manifest: Manifest): string | null {
  const kind = KINDS[kindKey(manifest)];
  if (!kind) return `kind ${kindKey(manifest)} is not one the checks know`;
  const module = require(kind.model) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = module[manifest.object.kind as string];
  if (!Model) return `kubernetes-models has no ${manifest.object.kind}`;
  try {
    new Model(manifest.object).validate();
    return null;
  } catch (error) {
    return String((error as Error).message ?? error);
  }
}

/**
 * Type-checks every object as `const x: Kind = { ... }` against kubernetes-types: TypeScript's excess-property
 * check refuses a field the API does not have, and its types refuse a string where a number goes. Returns the
 * diagnostics, each prefixed with the file and document.
 */
export function typeErrors(manifests: Manifest[]): string[] {
  const virtual = join(PACKAGE_DIR, '__manifests__.ts');
  const lines: string[] = [];
  const origin: string[] = [];
  manifests.forEach((manifest, i) => {
    const kind = KINDS[kindKey(manifest)];
    if (!kind) return;
    origin[i] =
      `${manifest.file}#${manifest.index} (${manifest.object.kind} ${manifest.object.metadata?.name})`;
    lines.push(
      `// @doc ${i}`,
      `export const doc${i}: import('${kind.types}').${manifest.object.kind} = ${JSON.stringify(manifest.object, null, 1)};`,
    );
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === virtual ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === virtual || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === virtual ? source : readFile(name));
  const program = ts.createProgram([virtual], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return text;
    const before = d.file.text.slice(0, d.start);
    const doc = before.lastIndexOf('// @doc ');
    const i = doc >= 0 ? Number(before.slice(doc + 8).split('\n')[0]) : -1;
    return `${origin[i] ?? dirname(d.file.fileName)}: ${text}`;
  });
}

/** `resources` of a kustomization that do not exist next to it. */
export function missingKustomizeResources(path: string): string[] {
  const manifest = readManifests([path])[0]?.object as { resources?: string[] } | undefined;
  return (manifest?.resources ?? []).filter((resource) => !existsSync(join(dirname(path), resource)));
}
