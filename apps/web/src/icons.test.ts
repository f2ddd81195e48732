// Every Bootstrap icon class the screens use has its mask in icons.css, drawn from an SVG the package ships.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);
const iconsDir = path.resolve(here, '../../../node_modules/bootstrap-icons/icons');

function sources(): string[] {
  return readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(here, file));
}

describe('icons.css', () => {
  const css = readFileSync(path.join(here, 'icons.css'), 'utf8');
  const defined = new Map(
    [...css.matchAll(/\.bi-([a-z0-9-]+)::before\s*\{\s*mask-image: url\('([^']+)'\)/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );

  it('draws every bi-* icon the screens use', () => {
    const used = new Set(
      sources().flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)/g)].map(
          (m) => m[1]!,
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('takes each icon from the bootstrap-icons package', () => {
    for (const [name, url] of defined) {
      expect(url).toBe(`bootstrap-icons/icons/${name}.svg`);
      expect(existsSync(path.join(iconsDir, `${name}.svg`)), name).toBe(true);
    }
  });
});
