import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/**
 * The repository's lint config (eslint.config.js) holds the import structure: no import cycle anywhere, and a web
 * feature never imports the app. The fixtures are ignored by `npm run lint` and linted here on purpose.
 */
const eslint = new ESLint({ cwd: ROOT, ignore: false });
/**
 * The same config without the cycle rule, for the probes of the folder boundaries: the cycle rule follows every
 * import of the probe (the app's routes reach every screen), which takes minutes on a loaded 2-core machine and
 * proves nothing about the boundary rule.
 */
const boundaries = new ESLint({
  cwd: ROOT,
  ignore: false,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});
const FIXTURES = join(ROOT, 'packages/infra-checks/fixtures/import-cycle');

async function rulesFired(file: string, text?: string, linter = eslint): Promise<(string | null)[]> {
  const [result] =
    text === undefined ? await linter.lintFiles([file]) : await linter.lintText(text, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('lint: import structure', () => {
  it('refuses an import cycle (two files that import each other), on both sides', async () => {
    expect(await rulesFired(join(FIXTURES, 'a.ts'))).toContain('import-x/no-cycle');
    expect(await rulesFired(join(FIXTURES, 'b.ts'))).toContain('import-x/no-cycle');
  });

  it('accepts a file that imports into the cycle but is not part of it', async () => {
    expect(await rulesFired(join(FIXTURES, 'leaf.ts'))).not.toContain('import-x/no-cycle');
  });

  it('refuses a web feature that imports the app', async () => {
    const file = join(ROOT, 'apps/web/src/features/withdrawals/lint-probe.ts');
    const text = "import { APP_ROUTES } from '../../app/routes';\nexport const routes = APP_ROUTES;\n";
    expect(await rulesFired(file, text, boundaries)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a gateway module that imports another module', async () => {
    const file = join(ROOT, 'apps/gateway/src/modules/bins/lint-probe.ts');
    const text =
      "import { batchesModule } from '../batches/index.js';\nexport const other = batchesModule;\n";
    expect(await rulesFired(file, text, boundaries)).toContain('import-x/no-restricted-paths');
  });
});
