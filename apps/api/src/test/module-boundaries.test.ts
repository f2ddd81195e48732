// The repository's lint configuration keeps web features and API modules out of each other's internals
// (eslint-rules/module-boundaries.js): linted as the real config lints, with code placed at chosen paths.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'dealerleads/module-boundaries')
    .map((m) => m.message);
}

describe('module boundaries', () => {
  it("refuses a web feature importing another feature's file", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/members/example.ts',
      "import { formatInr } from '../leads/lead-format';\nexport const x = formatInr;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/members/deep/example.ts',
        "export { x } from '../../../features/leads/api/get-leads';\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature use its own files, lib, components and packages/shared', async () => {
    const code = [
      "import { a } from './member-table';",
      "import { b } from '../../lib/format';",
      "import { c } from '../../components/error-list';",
      "import { d } from '@dealerleads/shared';",
      'export const all = [a, b, c, d];',
      '',
    ].join('\n');
    expect(await boundaryErrors('apps/web/src/features/members/example.ts', code)).toEqual([]);
  });

  it("refuses an API module importing another module's routes or private files", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/members/example.ts',
      "import { leadRoutes } from '../leads/leads.routes';\nimport { x } from '../leads/unlocked-leads';\nexport const all = [leadRoutes, x];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("API module 'members' may use module 'leads' only through");
  });

  it("lets an API module use another module's service, repository and public files", async () => {
    const code = [
      "import { a } from '../audit/audit.service';",
      "import { b } from '../leads/leads.repository';",
      "import { c } from '../credits/credit-ledger';",
      "import { d } from './members.repository';",
      'export const all = [a, b, c, d];',
      '',
    ].join('\n');
    expect(await boundaryErrors('apps/api/src/modules/members/example.ts', code)).toEqual([]);
  });
});
