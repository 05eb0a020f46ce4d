// The guide's codegen snippet (docs/testing-integration.md §6) works as written in another team's ESM project under
// TypeScript's `nodenext`: its `codegen.ts`, run with the command the guide gives, generates a client that
// `tsc` accepts. The client preset's defaults import './graphql' without an extension, which `nodenext` refuses.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** The TypeScript block of the guide's §6, the one a reader copies. */
async function guideSnippet(): Promise<string> {
  const guide = await readFile(join(root, 'docs', 'testing-integration.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## 6.'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('docs/testing-integration.md §6 has no ```ts block');
  return match[1];
}

describe('the guide’s codegen snippet', () => {
  let project = '';
  beforeAll(async () => {
    // Outside the repository: nothing of its tsconfig or package.json applies; its node_modules stand for the
    // packages the reader installs (the generator, graphql, @graphql-typed-document-node/core).
    project = await mkdtemp(join(tmpdir(), 'codegen-nodenext-'));
    await symlink(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  });
  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('generates a client that tsc accepts in an ESM nodenext project', { timeout: 180_000 }, async () => {
    const snippet = (await guideSnippet()).replace(
      'path/to/back-office/packages/schema/schema.graphql',
      join(root, 'packages', 'schema', 'schema.graphql'),
    );
    await writeFile(join(project, 'codegen.ts'), snippet);
    await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          verbatimModuleSyntax: true,
          noEmit: true,
          skipLibCheck: true,
        },
        include: ['codegen.ts', 'src'],
      }),
    );
    await mkdir(join(project, 'src'));
    await writeFile(
      join(project, 'src', 'pending.graphql'),
      'query Pending { payments(filter: { status: PENDING }, pageSize: 2) { total rows { id finalAmount } } }\n',
    );
    await writeFile(
      join(project, 'src', 'main.ts'),
      [
        "import { print } from 'graphql';",
        "import { PendingDocument, type PendingQuery } from './gql/graphql.js';",
        'export const text: string = print(PendingDocument);',
        'export const amount = (data: PendingQuery): string | undefined => data.payments?.rows[0]?.finalAmount;',
        '',
      ].join('\n'),
    );
    await run(bin('graphql-codegen'), ['--config', 'codegen.ts'], { cwd: project });
    const typecheck = await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(typecheck).toBe('');
  });
});
