// The i18n API the screens use (runtime.ts): `useT(namespace)` in components, `textsOf` elsewhere.
export {
  defineTexts,
  getLanguage,
  getLocale,
  setLanguage,
  startLanguage,
  subscribeToLanguage,
  textsOf,
  translate,
  useLanguage,
  useT,
  type HindiOf,
  type Language,
  type Namespace,
  type TFunction,
} from './runtime';
