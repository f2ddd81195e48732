// Both languages hold the same texts: a key missing (or extra) in either fails, as do placeholders that differ.
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@dealerleads/shared';
import { hindi } from './hi';
import type { Namespace } from './runtime';

const modules = import.meta.glob<Record<string, unknown>>('./en/*.ts', { eager: true });

const isNamespace = (value: unknown): value is Namespace =>
  typeof value === 'object' && value !== null && 'ns' in value && 'en' in value;

const english = new Map<string, Namespace['en']>();
for (const module of Object.values(modules))
  for (const value of Object.values(module))
    if (isNamespace(value)) english.set(value.ns, value.en);

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the English and Hindi catalogues', () => {
  it('find namespaces to compare', () => {
    expect(english.size).toBeGreaterThan(1);
  });

  it.each([...english.keys()])('%s: every English key has a Hindi text and no other', (ns) => {
    const en = english.get(ns)!;
    const hi = (hindi as Record<string, Record<string, string> | undefined>)[ns];
    expect(hi, `hi/index.ts has no namespace ${ns}`).toBeDefined();
    const missingInHindi = Object.keys(en).filter((key) => !(key in hi!));
    const missingInEnglish = Object.keys(hi!).filter((key) => !(key in en));
    expect(missingInHindi, 'in English, not in Hindi').toEqual([]);
    expect(missingInEnglish, 'in Hindi, not in English').toEqual([]);
    for (const [key, text] of Object.entries(en)) {
      expect(hi![key]!.trim(), `${ns}:${key} is empty in Hindi`).not.toBe('');
      expect(placeholders(hi![key]!), `${ns}:${key} placeholders`).toEqual(placeholders(text));
    }
  });

  it('has no Hindi namespace without its English one', () => {
    const extra = Object.keys(hindi).filter((ns) => ns !== 'errors' && !english.has(ns));
    expect(extra).toEqual([]);
  });

  it('says every API error code in Hindi, and no code the API does not have', () => {
    const codes = Object.keys(API_ERROR_CODES);
    expect(codes.filter((code) => !(code in hindi.errors))).toEqual([]);
    expect(Object.keys(hindi.errors).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('writes Hindi in Devanagari', () => {
    for (const [ns, texts] of Object.entries(hindi)) {
      const latinOnly = Object.entries(texts).filter(
        ([, text]) => /[A-Za-z]{4,}/.test(text) && !/[\u0900-\u097F]/.test(text),
      );
      // Brand and product words (WhatsApp, UPI, iMT, CNG) may stand alone; whole sentences may not.
      expect(
        latinOnly.filter(([, text]) => text.split(/\s+/).length > 2),
        ns,
      ).toEqual([]);
    }
  });
});
