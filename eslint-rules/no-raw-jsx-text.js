// A lint rule for the web app (docs/accessibility-and-ux.md, "Languages"): screens say nothing in a raw string, so every
// text has its Hindi beside its English in apps/web/src/i18n. Flagged: JSX text, a string literal as a JSX child, and a
// string or template literal as a text attribute (aria-label, title, placeholder, alt, label, and the components'
// ariaLabel and closeLabel). Words only: punctuation, digits and
// symbols pass. The escape hatch for a text that is the same in every language (a brand, a code): `translate="no"` on
// the element whose text it is, as HTML means it.

/** Attributes whose value a person reads or hears. */
export const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'ariaLabel',
  'closeLabel',
]);

const LETTER = /\p{L}/u;

function isUntranslated(element) {
  return (element?.openingElement?.attributes ?? []).some(
    (attribute) =>
      attribute.type === 'JSXAttribute' &&
      attribute.name?.name === 'translate' &&
      attribute.value?.type === 'Literal' &&
      attribute.value.value === 'no',
  );
}

function enclosingElement(node) {
  let parent = node.parent;
  while (parent && parent.type === 'JSXExpressionContainer') parent = parent.parent;
  return parent?.type === 'JSXElement' ? parent : undefined;
}

export default {
  rules: {
    'no-raw-jsx-text': {
      meta: {
        type: 'problem',
        docs: { description: 'Texts in JSX come from the i18n catalogues, not raw strings' },
        schema: [],
        messages: {
          text: 'Raw text "{{text}}" in JSX: put it in both catalogues (apps/web/src/i18n) and use t(); translate="no" for a text that is the same in every language.',
          attribute:
            'Raw text "{{text}}" in {{name}}: put it in both catalogues (apps/web/src/i18n) and use t().',
        },
      },
      create(context) {
        const report = (node, text, messageId, name) =>
          context.report({
            node,
            messageId,
            data: { text: text.trim().slice(0, 40), name },
          });
        return {
          JSXText(node) {
            if (LETTER.test(node.value) && !isUntranslated(enclosingElement(node)))
              report(node, node.value, 'text');
          },
          Literal(node) {
            if (typeof node.value !== 'string' || !LETTER.test(node.value)) return;
            // A literal a JSX child shows: directly, or as a branch of `?:`, `&&` or `||` there.
            let at = node.parent;
            while (
              at.type === 'ConditionalExpression' ||
              (at.type === 'LogicalExpression' && at.operator !== '??')
            ) {
              if (at.type === 'ConditionalExpression' && at.test === node) return;
              at = at.parent;
            }
            if (at.type !== 'JSXExpressionContainer') return;
            const owner = at.parent;
            if (owner.type === 'JSXAttribute') {
              const name = owner.name?.name;
              if (at !== node.parent && typeof name === 'string' && TEXT_ATTRIBUTES.has(name))
                report(node, node.value, 'attribute', name);
              return;
            }
            if (!isUntranslated(owner.type === 'JSXElement' ? owner : undefined))
              report(node, node.value, 'text');
          },
          'JSXExpressionContainer > TemplateLiteral'(node) {
            if (node.parent.parent.type === 'JSXAttribute') return;
            const raw = node.quasis.map((quasi) => quasi.value.cooked ?? '').join('');
            if (LETTER.test(raw) && !isUntranslated(enclosingElement(node)))
              report(node, raw, 'text');
          },
          JSXAttribute(node) {
            const name = node.name?.name;
            if (typeof name !== 'string' || !TEXT_ATTRIBUTES.has(name)) return;
            let value = node.value;
            if (value?.type === 'JSXExpressionContainer') value = value.expression;
            if (
              value?.type === 'Literal' &&
              typeof value.value === 'string' &&
              LETTER.test(value.value)
            )
              report(value, value.value, 'attribute', name);
            if (value?.type === 'TemplateLiteral') {
              const raw = value.quasis.map((quasi) => quasi.value.cooked ?? '').join('');
              if (LETTER.test(raw)) report(value, raw, 'attribute', name);
            }
          },
        };
      },
    },
  },
};
