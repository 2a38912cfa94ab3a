import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@podo/i18n';
import { LANG_COOKIE, setBrowserCookie } from '../lib/cookies';
import { useRoot } from '../lib/site';
import { GlobeIcon } from './icons';

/** Native-select language switcher: keyboard and screen-reader friendly; remembers the choice. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const change = (next: Language) => {
    setBrowserCookie(LANG_COOKIE, next, { maxAge: 365 * 24 * 3600 });
    const params = new URLSearchParams(location.search);
    params.set('lang', next);
    navigate(`${location.pathname}?${params.toString()}${location.hash}`, { preventScrollReset: true });
  };
  return (
    <div className={`lang-switcher d-inline-flex align-items-center ${className}`}>
      <GlobeIcon size={16} />
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        data-testid="lang-switcher"
        className="form-select form-select-sm border-0 bg-transparent"
        value={lang}
        onChange={(e) => change(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
