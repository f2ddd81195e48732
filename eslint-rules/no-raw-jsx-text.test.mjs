// The raw-text rule flags words in JSX text, children and text attributes, and lets punctuation and translate="no" pass.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from './no-raw-jsx-text.js';

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-raw-jsx-text', plugin.rules['no-raw-jsx-text'], {
  valid: [
    'const a = <p>{t("title")}</p>;',
    'const a = <p> — {count} / 10 ₹ · ( ) : 1,234</p>;',
    'const a = <span translate="no">DealerLeads</span>;',
    'const a = <span translate="no">{"UPI"}</span>;',
    'const a = <i className="bi bi-list" aria-hidden="true" />;',
    'const a = <button aria-label={t("close")} title={t("close")} />;',
    'const a = <input type="text" name="userName" />;',
    'const a = <p>{`${count} / 10`}</p>;',
    'const a = <p className={active ? "text-bg-success" : "text-bg-secondary"}>{x}</p>;',
    'const a = <p>{status === "rejected" ? t("reason") : t("status")}</p>;',
    'const a = <input id={`photo-${id}`} aria-label={`${label}: ${value}`} />;',
  ],
  invalid: [
    { code: 'const a = <p>Loading...</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{"No leads to show."}</p>;', errors: [{ messageId: 'text' }] },
    {
      code: 'const a = <p>{ok ? "Active" : "Inactive"}</p>;',
      errors: [{ messageId: 'text' }, { messageId: 'text' }],
    },
    { code: 'const a = <p>{busy && "Saving..."}</p>;', errors: [{ messageId: 'text' }] },
    {
      code: 'const a = <b title={x ? "Edit" : t("add")} />;',
      errors: [{ messageId: 'attribute' }],
    },
    { code: 'const a = <p>{`${n} credits`}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>लीड</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Open menu" />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <input placeholder={"Search"} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt="Car photo" />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt={`Photo ${n}`} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <Pager ariaLabel="First page" />;', errors: [{ messageId: 'attribute' }] },
  ],
});
