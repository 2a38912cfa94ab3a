import type { Language } from './index';
import { josa } from './josa';
import koWeb from '../locales/ko-KR/web.json';
import enWeb from '../locales/en-US/web.json';
import zhCNWeb from '../locales/zh-CN/web.json';
import zhTWWeb from '../locales/zh-TW/web.json';
import jaWeb from '../locales/ja-JP/web.json';
import koApi from '../locales/ko-KR/api.json';
import enApi from '../locales/en-US/api.json';
import zhCNApi from '../locales/zh-CN/api.json';
import zhTWApi from '../locales/zh-TW/api.json';
import jaApi from '../locales/ja-JP/api.json';

export type WebMessages = typeof koWeb;
export type ApiMessages = typeof koApi;

/** Interface texts of the web app, per language (ko-KR is the reference every locale must match). */
export const webMessages: Record<Language, WebMessages> = {
  'ko-KR': koWeb,
  'en-US': enWeb,
  'zh-CN': zhCNWeb,
  'zh-TW': zhTWWeb,
  'ja-JP': jaWeb,
};

/** API error and validation texts, per language. */
export const apiMessages: Record<Language, ApiMessages> = {
  'ko-KR': koApi,
  'en-US': enApi,
  'zh-CN': zhCNApi,
  'zh-TW': zhTWApi,
  'ja-JP': jaApi,
};

/** Every dotted key path of a nested message object, for completeness checks. */
export function keyPaths(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** Minimal {{name}} interpolation shared by API messages (the web app uses i18next). */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  // `{{brand, josa(pair: 이/가)}}`: the value and the Korean particle that fits it (the web's format, also i18next's).
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*josa\(\s*pair\s*:\s*([^)]*?)\s*\)\s*)?\}\}/g, (_, name: string, pair?: string) => {
    const value = String(params[name] ?? '');
    return pair ? josa(value, pair) : value;
  });
}
