// The production build's pass over dependencies: which statements it changes, and that a bundle then leaves out a
// library's unused component (with what only it calls) and keeps the used one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { markUnusedComponentsRemovable, unusedComponents } from './unused-components';

const LIBRARY = `import * as React from "react";
import { createContext as makeContext, useState } from "react";
export var Context = makeContext(null);
Context.displayName = "Context";
function submitForm() { return "form submitted"; }
export var Form = React.forwardRef(function Form(props, ref) { return React.createElement("form", { ref, onSubmit: submitForm }); });
Form.displayName = "Form";
export var Link = React.memo(function Link() { return React.createElement("a"); });
Link.displayName = "Link";
export var state = useState;
`;

describe('the statements it changes', () => {
  it("marks React's factory calls pure and drops displayName assignments", () => {
    const out = markUnusedComponentsRemovable(LIBRARY)!;
    expect(out).toContain('export var Context = /* @__PURE__ */ makeContext(null);');
    expect(out).toContain('export var Form = /* @__PURE__ */ React.forwardRef(');
    expect(out).toContain('export var Link = /* @__PURE__ */ React.memo(');
    expect(out).not.toContain('displayName');
    // Lines stay where they were.
    expect(out.split('\n')).toHaveLength(LIBRARY.split('\n').length);
  });

  it('leaves other calls, other libraries and computed names alone', () => {
    const code = [
      'import * as React from "react";',
      'import * as Other from "other";',
      'export var a = Other.memo(f);',
      'export var b = React.cloneElement(c);',
      'export var d = forwardRef(f);',
      'a.displayName = name();',
      'a.title = "A";',
      'function f() { var inner = React.memo(f); inner.displayName = "Inner"; return inner; }',
    ].join('\n');
    expect(markUnusedComponentsRemovable(code)).toBeNull();
  });

  it('leaves a module it cannot parse to the bundler', () => {
    expect(markUnusedComponentsRemovable('export var = ;')).toBeNull();
  });
});

describe('a bundle of a library module', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'unused-components-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const library = path.join(dir, 'node_modules', 'library', 'index.js');
  mkdirSync(path.dirname(library), { recursive: true });
  writeFileSync(library, LIBRARY);
  const entry = path.join(dir, 'entry.js');
  writeFileSync(entry, `import { Link } from "${library}";\nexport const used = Link;\n`);
  const react = createRequire(import.meta.url).resolve('react');

  async function bundle(withPlugin: boolean): Promise<string> {
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      plugins: withPlugin ? [unusedComponents()] : [],
      resolve: { alias: { react } },
      build: {
        write: false,
        minify: true,
        lib: { entry, formats: ['es'], fileName: 'out' },
        rolldownOptions: { external: [react] },
      },
    })) as Rolldown.RolldownOutput[];
    return output[0]!.output[0].code;
  }

  it('leaves out the unused component and what only it calls, keeps the used one', async () => {
    const without = await bundle(false);
    expect(without).toContain('form submitted');
    const code = await bundle(true);
    expect(code).not.toContain('form submitted');
    expect(code).not.toContain('"form"');
    expect(code).toContain('"a"');
  });
});
