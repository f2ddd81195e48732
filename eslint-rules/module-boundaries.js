// A lint rule that keeps the code's modules apart (docs/hardening.md, "Module boundaries"):
// - web: a feature (apps/web/src/features/<f>/) never imports another feature; shared code moves down to
//   components/, lib/ or packages/shared;
// - api: a module (apps/api/src/modules/<m>/) imports another module only through its public files: its
//   `*.service.ts` and `*.repository.ts`, and the few files listed in PUBLIC_MODULE_FILES below.
import fs from 'node:fs';
import path from 'node:path';

/** Files of an API module other modules may import besides its services and repositories. */
export const PUBLIC_MODULE_FILES = [
  'members/passwords.ts', // the bounded password hasher
  'credits/credit-ledger.ts', // the one spending rule and ledger entry
  'credits/lead-cap.ts', // the cap of dealers per lead, checked by the unlock
  'leads/lead-id.ts', // lead id parsing shared by the lead routes
  'leads/list-engine/index.ts', // the lead list engine (/api/health reports on it) and its filters, which saved searches and alerts match against
  'owners/lead-lifecycle.ts', // the expiry and erasure sweeps, whose effects on photos the photos tests check
];

const WEB_FEATURES = path.join('apps', 'web', 'src', 'features');
const API_MODULES = path.join('apps', 'api', 'src', 'modules');

/** The area ('features' or 'modules') a path lies in, with the unit's name and the path inside it. */
function locate(file) {
  for (const [kind, root] of [
    ['feature', WEB_FEATURES],
    ['module', API_MODULES],
  ]) {
    const at = file.indexOf(`${path.sep}${root}${path.sep}`);
    if (at === -1) continue;
    const inside = file.slice(at + root.length + 2).split(path.sep);
    if (inside.length < 2) return undefined;
    return { kind, unit: inside[0], rest: inside.slice(1).join('/') };
  }
  return undefined;
}

/** The file an import names: `x` is `x.ts`, or `x/index.ts` when `x` is a folder (`fullPath` is where it points). */
const withTs = (rest, fullPath) => {
  if (/\.(ts|tsx|js|mjs)$/.test(rest)) return rest;
  return fs.existsSync(fullPath) && fs.statSync(fullPath).isDirectory() ? `${rest}/index.ts` : `${rest}.ts`;
};

export default {
  rules: {
    'module-boundaries': {
      meta: {
        type: 'problem',
        docs: { description: "keeps web features and API modules out of each other's internals" },
        messages: {
          feature:
            'A feature never imports another feature ({{from}} → {{to}}): move what both need to components/, lib/ or packages/shared.',
          module:
            "API module '{{from}}' may use module '{{to}}' only through its services, repositories or public files (eslint-rules/module-boundaries.js), not '{{file}}'.",
        },
        schema: [],
      },
      create(context) {
        const from = locate(path.resolve(context.filename));
        if (!from) return {};
        const check = (node, specifier) => {
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const target = path.resolve(path.dirname(path.resolve(context.filename)), specifier);
          const to = locate(target);
          if (!to || to.kind !== from.kind || to.unit === from.unit) return;
          if (from.kind === 'feature') {
            context.report({ node, messageId: 'feature', data: { from: from.unit, to: to.unit } });
            return;
          }
          const file = withTs(to.rest, target);
          const isPublic =
            /\.(service|repository)\.ts$/.test(file) ||
            PUBLIC_MODULE_FILES.includes(`${to.unit}/${file}`);
          if (!isPublic) {
            context.report({
              node,
              messageId: 'module',
              data: { from: from.unit, to: to.unit, file },
            });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node.source, node.source.value),
        };
      },
    },
  },
};
