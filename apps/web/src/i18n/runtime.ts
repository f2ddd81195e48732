// The screens' texts in English or Hindi (docs/decisions/0016-i18n-runtime.md): English bundled with each screen, Hindi
// in one lazy chunk, the language kept per device (localStorage) and per member (PUT /api/me/preferences).
import { useSyncExternalStore } from 'react';

export type Language = 'en' | 'hi';
export const LANGUAGE_STORAGE_KEY = 'language';

/** A screen's texts: key → English text. `{{name}}` is filled in; `key_one` / `key_other` are the plural forms. */
export type Texts = Readonly<Record<string, string>>;

export interface Namespace<T extends Texts = Texts> {
  readonly ns: string;
  readonly en: T;
}

/** The same keys in Hindi: checked by the compiler in hi/*.ts and by i18n/catalogues.test.ts. */
export type HindiOf<N> = N extends Namespace<infer T> ? { readonly [K in keyof T]: string } : never;

export type Vars = Readonly<Record<string, string | number>>;

/** A key without its plural suffix: `t('creditsLeft', { count })` picks `creditsLeft_one` or `creditsLeft_other`. */
export type KeyOf<T> = T extends unknown
  ? keyof T extends infer K
    ? K extends `${infer Base}_${'one' | 'other'}`
      ? Base
      : K & string
    : never
  : never;

export type TFunction<T extends Texts> = (key: KeyOf<T>, vars?: Vars) => string;

type HindiCatalogue = Readonly<Record<string, Texts>>;

let language: Language = readStoredLanguage();
let hindi: HindiCatalogue | undefined;
let hindiLoading: Promise<void> | undefined;
const listeners = new Set<() => void>();
const plurals = new Map<Language, Intl.PluralRules>();

function readStoredLanguage(): Language {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

export function defineTexts<const T extends Texts>(ns: string, en: T): Namespace<T> {
  return { ns, en };
}

/** Loads the Hindi catalogue once (a chunk of its own, outside the lead list's first download). */
export function loadHindi(): Promise<void> {
  hindiLoading ??= import('./hi').then(
    (module) => {
      hindi = module.hindi;
    },
    (error: unknown) => {
      hindiLoading = undefined;
      throw error;
    },
  );
  return hindiLoading;
}

export function getLanguage(): Language {
  return language;
}

/** The Intl locale of the language: numbers and dates of every screen. */
export function getLocale(): 'en-IN' | 'hi-IN' {
  return language === 'hi' ? 'hi-IN' : 'en-IN';
}

function applyToDocument(next: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

/**
 * Switches every screen to `next`, after its catalogue has loaded, and keeps the choice on this device. A failed load
 * (offline before the Hindi chunk was ever fetched) leaves the language as it was and rejects.
 */
export async function setLanguage(next: Language): Promise<void> {
  if (next === 'hi') await loadHindi();
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // A browser without storage still switches for this visit.
  }
  applyToDocument(next);
  if (next === language) return;
  language = next;
  for (const listener of listeners) listener();
}

/** Before the first render: the device's language, its catalogue loaded (English needs nothing). */
export function startLanguage(): Promise<void> {
  applyToDocument(language);
  return language === 'hi' ? loadHindi().catch(() => setLanguage('en')) : Promise.resolve();
}

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function pluralOf(count: number): string {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(getLocale());
    plurals.set(language, rules);
  }
  return rules.select(count) === 'one' ? 'one' : 'other';
}

function fill(text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** A namespace's text in the current language; English when Hindi lacks it (the catalogue test forbids that). */
export function translate<T extends Texts>(
  namespace: Namespace<T>,
  key: KeyOf<T>,
  vars?: Vars,
): string {
  const { ns, en } = namespace;
  let full: string = key;
  if (typeof vars?.count === 'number' && !(key in en)) full = `${key}_${pluralOf(vars.count)}`;
  const text = (language === 'hi' ? hindi?.[ns]?.[full] : undefined) ?? en[full];
  return fill(text ?? full, vars);
}

export function textsOf<T extends Texts>(namespace: Namespace<T>): TFunction<T> {
  return (key, vars) => translate(namespace, key, vars);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, getLanguage, () => 'en');
}

/** The texts of a namespace for a component: re-renders when the language changes. */
export function useT<T extends Texts>(namespace: Namespace<T>): TFunction<T> {
  const current = useLanguage();
  // One function per namespace and language: stable across renders, new when the language changes (effect deps).
  const key = `${current}:${namespace.ns}`;
  let t = bound.get(key);
  if (!t) {
    t = textsOf(namespace) as TFunction<Texts>;
    bound.set(key, t);
  }
  return t as TFunction<T>;
}

const bound = new Map<string, TFunction<Texts>>();

/** The API's text for an error code in the current language: Hindi when the catalogue has it, else the server's. */
export function serverText(code: unknown, message: string): string {
  if (language !== 'hi' || typeof code !== 'string') return message;
  return hindi?.errors?.[code] ?? message;
}

/** Whether a key built at run time (a catalogue value's label) has a text in the namespace. */
export function hasText<T extends Texts>(namespace: Namespace<T>, key: string): key is KeyOf<T> {
  return key in namespace.en;
}

type Stripped<K, P extends string> = K extends `${P}${infer Rest}` ? Rest : never;

/**
 * An object whose properties read a namespace's texts (those whose key starts with `prefix`, without it) in the
 * current language, for the modules that export a texts object screens and tests name.
 */
export function liveTexts<T extends Texts, P extends string = ''>(
  namespace: Namespace<T>,
  prefix = '' as P,
): { readonly [K in Stripped<keyof T, P>]: string } {
  const texts = {};
  for (const key of Object.keys(namespace.en).filter((k) => k.startsWith(prefix)))
    Object.defineProperty(texts, key.slice(prefix.length), {
      enumerable: true,
      get: () => translate(namespace, key as KeyOf<T>),
    });
  return texts as { readonly [K in Stripped<keyof T, P>]: string };
}
