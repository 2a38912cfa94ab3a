import { createContext, createElement, useContext, type ReactNode } from 'react';
import { josa, type Language } from '@podo/i18n';
import type { WebMessages } from '@podo/i18n/resources';

/*
 * The app's translation function: the subset of i18next the pages use, in about 1 KB instead of i18next and
 * react-i18next (15 KB gzipped in every first visit). Components keep importing `useTranslation` from
 * 'react-i18next': vite.config.ts and tsconfig.json point that name at this module.
 *
 * Supported, with i18next's behaviour: nested keys ('a.b.c'), `{{name}}` interpolation (not escaped: React
 * escapes) with the formats number, currency, datetime and list (`{{count, number}}`), plurals by `count` (`key_one`, `key_other`, …, `key_zero` for 0, from Intl.PluralRules), `context`
 * (`key_male`), `defaultValue`, `returnObjects`, a list of fallback keys and `$t(other.key)` nesting. A missing key
 * returns the key itself.
 */

export type TOptions = {
  /** A number picks the plural form; any value is also interpolated as {{count}}. */
  count?: unknown;
  context?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
};

export interface TFunction {
  <T = unknown>(key: string | readonly string[], options: TOptions & { returnObjects: true }): T;
  (key: string | readonly string[], options?: TOptions): string;
}

export interface I18n {
  language: Language;
  t: TFunction;
}

type Tree = { [key: string]: string | Tree };

const lookup = (messages: Tree, key: string): string | Tree | undefined => {
  let node: string | Tree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
};

// Per language, shared by every render (a server makes an I18n per request; the Intl objects are the slow part).
const pluralRules = new Map<string, Intl.PluralRules>();
const formattersOf = new Map<string, Map<string, (v: unknown) => string>>();

/** The translation function for one language's messages. */
export function createI18n(lang: Language, messages: WebMessages): I18n {
  const tree = messages as unknown as Tree;
  let plural = pluralRules.get(lang);
  if (!plural) pluralRules.set(lang, (plural = new Intl.PluralRules(lang)));

  const interpolate = (text: string, options: TOptions | undefined): string =>
    text
      .replace(/\$t\(([^)]+)\)/g, (_, key: string) => t(key.trim()))
      .replace(/\{\{-?\s*([\w.]+)\s*(?:,\s*([^}]+?)\s*)?\}\}/g, (whole, name: string, format: string | undefined) => {
        const value = options
          ? name.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], options)
          : undefined;
        // As i18next: a missing value keeps the placeholder (a formatted one formats it anyway), null is empty.
        if (format) return formatValue(value, format);
        if (value === undefined) return whole;
        return value === null ? '' : String(value);
      });

  // i18next's built-in formats: {{n, number}}, {{n, number(minimumFractionDigits: 2)}}, {{p, currency(KRW)}},
  // {{d, datetime}}, {{xs, list}}. Formatters are made once per language and format (creating one is the slow part).
  let formatters = formattersOf.get(lang);
  if (!formatters) formattersOf.set(lang, (formatters = new Map()));
  const formatValue = (value: unknown, format: string): string => {
    let f = formatters.get(format);
    if (!f) {
      const [, name = '', args = ''] = /^(\w+)(?:\((.*)\))?$/.exec(format.trim()) ?? [];
      const opts: Record<string, string | number | boolean> = {};
      for (const part of args.split(';')) {
        const [k, v] = part.split(':').map((x) => x.trim());
        if (k && v !== undefined) opts[k] = v === 'true' ? true : v === 'false' ? false : Number.isNaN(Number(v)) ? v : Number(v);
      }
      if (name === 'number') {
        const nf = new Intl.NumberFormat(lang, opts);
        f = (v) => nf.format(Number(v));
      } else if (name === 'currency') {
        const nf = new Intl.NumberFormat(lang, { style: 'currency', currency: args.includes(':') ? undefined : args.trim(), ...opts });
        f = (v) => nf.format(Number(v));
      } else if (name === 'datetime') {
        const df = new Intl.DateTimeFormat(lang, opts);
        f = (v) => df.format(v instanceof Date ? v : new Date(String(v)));
      } else if (name === 'josa') {
        // {{brand, josa(pair: 이/가)}}: the value and the Korean particle that fits its last sound.
        const pair = String(opts.pair ?? '');
        f = (v) => josa(String(v), pair);
      } else if (name === 'list') {
        const lf = new Intl.ListFormat(lang, opts);
        f = (v) => lf.format(Array.isArray(v) ? v.map(String) : [String(v)]);
      } else f = (v) => String(v);
      formatters.set(format, f);
    }
    return f(value);
  };

  const resolve = (key: string, options: TOptions | undefined): string | Tree | undefined => {
    const candidates: string[] = [];
    const withContext = options?.context ? [`${key}_${options.context}`, key] : [key];
    for (const base of withContext) {
      if (typeof options?.count === 'number') {
        if (options.count === 0) candidates.push(`${base}_zero`);
        candidates.push(`${base}_${plural.select(options.count)}`);
      }
      candidates.push(base);
    }
    for (const c of candidates) {
      const found = lookup(tree, c);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  const deep = (node: string | Tree, options: TOptions | undefined): unknown =>
    typeof node === 'string' ? interpolate(node, options) : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deep(v, options)]));

  const t = ((keys: string | readonly string[], options?: TOptions): unknown => {
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      const found = resolve(key, options);
      if (typeof found === 'string') return interpolate(found, options);
      if (found !== undefined) {
        if (options?.returnObjects) return deep(found, options);
        return `key '${key} (${lang})' returned an object instead of string.`;
      }
    }
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    return list[list.length - 1] ?? '';
  }) as TFunction;

  return { language: lang, t };
}

const I18nContext = createContext<I18n | null>(null);

/** Provides the page's language and texts to `useTranslation`. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** react-i18next's call shape: `const { t, i18n } = useTranslation()`. The namespace argument is ignored. */
export function useTranslation(_ns?: string | readonly string[]): { t: TFunction; i18n: I18n; ready: true } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  return { t: i18n.t, i18n, ready: true };
}
