import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Loads a script of another service once per page (a second widget waits for the same load). */
const loading = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(el);
    });
    loading.set(src, p);
  }
  return p;
}

interface KakaoMaps {
  load(cb: () => void): void;
  LatLng: new (lat: number, lng: number) => unknown;
  Map: new (el: HTMLElement, opts: { center: unknown; level: number }) => unknown;
  Marker: new (opts: { position: unknown; map: unknown }) => unknown;
}

/**
 * The Kakao map of the office (its JavaScript SDK, with this site's key), with a marker on it. When the SDK cannot
 * load (blocked, offline), the box says so; the links to Kakao Map and Naver Map beside it always work.
 */
export function KakaoMap({ jsKey, sdkUrl, lat, lng, label }: { jsKey: string; sdkUrl: string; lat: number; lng: number; label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const src = `${sdkUrl}?appkey=${encodeURIComponent(jsKey)}&autoload=false`;
    loadScript(src)
      .then(() => {
        const maps = (window as unknown as { kakao?: { maps?: KakaoMaps } }).kakao?.maps;
        if (!maps) throw new Error('no kakao.maps');
        maps.load(() => {
          if (!live || !box.current) return;
          const center = new maps.LatLng(lat, lng);
          const map = new maps.Map(box.current, { center, level: 3 });
          new maps.Marker({ position: center, map });
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [jsKey, sdkUrl, lat, lng]);
  return (
    <div className="contact-map" ref={box} role="region" aria-label={label} data-testid="kakao-map">
      {failed ? <p className="contact-map-note small text-body-secondary">{t('contact.mapFailed')}</p> : null}
    </div>
  );
}

interface Grecaptcha {
  render(el: HTMLElement, opts: { sitekey: string; callback(token: string): void; 'expired-callback'(): void; hl?: string }): number;
  reset(id?: number): void;
}

/**
 * Google's "I'm not a robot" box; its token goes into the form as `captchaToken` (checked by the API with Google).
 * Until the box is ticked the token is empty and the API refuses the form with a clear message.
 */
export function RecaptchaBox({
  siteKey,
  scriptUrl,
  lang,
  resetKey,
}: {
  siteKey: string;
  scriptUrl: string;
  lang: string;
  /** A new value after each form sent: a token is good once, so the box is ticked again for the next. */
  resetKey: number;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const ready = `podoRecaptchaReady`;
    const src = `${scriptUrl}?onload=${ready}&render=explicit&hl=${encodeURIComponent(lang)}`;
    const w = window as unknown as Record<string, unknown> & { grecaptcha?: Grecaptcha };
    const render = () => {
      if (!live || !box.current || !w.grecaptcha || box.current.childElementCount) return;
      widget.current = w.grecaptcha.render(box.current, {
        sitekey: siteKey,
        hl: lang,
        callback: setToken,
        'expired-callback': () => setToken(''),
      });
    };
    w[ready] = render;
    loadScript(src)
      .then(() => {
        if (w.grecaptcha && typeof w.grecaptcha.render === 'function') render();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [siteKey, scriptUrl, lang]);
  useEffect(() => {
    const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
    if (resetKey === 0 || widget.current === null || !g) return;
    g.reset(widget.current);
    setToken('');
  }, [resetKey]);
  return (
    <div className="mb-3">
      <div ref={box} data-testid="recaptcha" />
      {failed ? <p className="small text-danger mb-0">{t('contact.captchaFailed')}</p> : null}
      <input type="hidden" name="captchaToken" value={token} />
    </div>
  );
}
