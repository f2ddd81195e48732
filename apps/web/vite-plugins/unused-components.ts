// Build step: lets the bundler drop the components a library defines but the app never renders. A library's
// `const Form = React.forwardRef(…)` and `Form.displayName = 'Form'` are top-level statements the bundler must keep
// unless it knows them free of side effects, and with them the component and every function it calls (React Router's
// form submission code, for one, in the lead list's first download).
import { parseAst, type Plugin } from 'vite';

/** React's component and context factories: pure, they only build an object from their arguments. */
const FACTORIES = new Set(['forwardRef', 'memo', 'createContext']);

type Node = { type: string; start: number; end: number } & Record<string, unknown>;

const isNode = (value: unknown, type?: string): value is Node =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Node).type === 'string' &&
  (type === undefined || (value as Node).type === type);

const nameOf = (node: unknown): string | undefined =>
  isNode(node, 'Identifier') && typeof node.name === 'string' ? node.name : undefined;

/** Local names of `react` in a module: namespaces (`React`, `* as React2`) and the factories imported by name. */
function reactBindings(body: Node[]): { namespaces: Set<string>; factories: Set<string> } {
  const namespaces = new Set<string>();
  const factories = new Set<string>();
  for (const statement of body) {
    if (statement.type !== 'ImportDeclaration') continue;
    if (!isNode(statement.source, 'Literal') || statement.source.value !== 'react') continue;
    for (const specifier of statement.specifiers as Node[]) {
      const local = nameOf(specifier.local);
      if (!local) continue;
      if (specifier.type === 'ImportSpecifier') {
        const imported = nameOf(specifier.imported);
        if (imported && FACTORIES.has(imported)) factories.add(local);
      } else namespaces.add(local);
    }
  }
  return { namespaces, factories };
}

/**
 * Production code of a library module: React's factory calls at the top level marked `@__PURE__`, and the top-level
 * `X.displayName = '…'` assignments removed (a name for React's developer tools; nothing in production reads it but
 * component stacks, which then show the function's own name). Null when there is nothing to change.
 */
export function markUnusedComponentsRemovable(code: string): string | null {
  let program: { body: Node[] };
  try {
    program = parseAst(code) as unknown as { body: Node[] };
  } catch {
    return null;
  }
  const { namespaces, factories } = reactBindings(program.body);
  const isFactoryCall = (node: unknown): node is Node => {
    if (!isNode(node, 'CallExpression')) return false;
    const callee = node.callee;
    if (isNode(callee, 'Identifier')) return factories.has(nameOf(callee)!);
    if (!isNode(callee, 'MemberExpression') || callee.computed) return false;
    const object = nameOf(callee.object);
    const property = nameOf(callee.property);
    return object !== undefined && namespaces.has(object) && FACTORIES.has(property ?? '');
  };

  const pure: number[] = [];
  const removed: Array<[number, number]> = [];
  for (const top of program.body) {
    const statement =
      top.type === 'ExportNamedDeclaration' && isNode(top.declaration) ? top.declaration : top;
    if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations as Node[]) {
        if (isFactoryCall(declarator.init)) pure.push(declarator.init.start);
      }
    } else if (statement.type === 'ExpressionStatement') {
      const assignment = statement.expression;
      if (
        isNode(assignment, 'AssignmentExpression') &&
        assignment.operator === '=' &&
        isNode(assignment.left, 'MemberExpression') &&
        !assignment.left.computed &&
        nameOf(assignment.left.object) !== undefined &&
        nameOf(assignment.left.property) === 'displayName' &&
        isNode(assignment.right, 'Literal') &&
        typeof assignment.right.value === 'string'
      )
        removed.push([statement.start, statement.end]);
    }
  }
  if (pure.length === 0 && removed.length === 0) return null;

  const edits = [
    ...pure.map((at) => ({ start: at, end: at, text: '/* @__PURE__ */ ' })),
    ...removed.map(([start, end]) => ({ start, end, text: '' })),
  ].sort((a, b) => b.start - a.start);
  let out = code;
  for (const { start, end, text } of edits) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The production build's pass over dependencies (the app's own code has neither pattern). */
export function unusedComponents(): Plugin {
  return {
    name: 'dealerleads:unused-components',
    apply: 'build',
    transform: {
      filter: {
        id: /[\\/]node_modules[\\/].*\.m?js$/,
        code: /\b(?:forwardRef|memo|createContext|displayName)\b/,
      },
      handler(code) {
        const out = markUnusedComponentsRemovable(code);
        // Lines stay where they were (only columns of the edited lines move), and the build writes no source maps.
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
