import i18next, { type i18n as I18n } from 'i18next';
import type { Language } from '@podo/i18n';
import type { WebMessages } from '@podo/i18n/resources';

/**
 * One i18next instance per language and message set. Only the current language's messages travel to the
 * browser (in the root loader data), so the client bundle carries no translations.
 */
export function createI18n(lang: Language, messages: WebMessages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { web: messages } },
    ns: ['web'],
    defaultNS: 'web',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
