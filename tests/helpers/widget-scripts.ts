import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for the scripts of Google's reCAPTCHA widget (`/recaptcha/api.js?onload=…&render=explicit`) and the
 * Kakao Maps SDK (`/maps/sdk.js?appkey=…&autoload=false`), with the same globals the pages use: `grecaptcha.render`
 * draws a button whose click hands the form the token 'good-token'; `kakao.maps.load`, `LatLng`, `Map` and `Marker`
 * draw a box that records its centre. Requests are kept, to see the keys the pages sent.
 */
export async function startWidgetScripts(): Promise<{ url: string; requests: URL[]; close(): Promise<void> }> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    let js: string | null = null;
    if (url.pathname === '/recaptcha/api.js') {
      const onload = (url.searchParams.get('onload') ?? '').replace(/[^\w$]/g, '');
      js = `window.grecaptcha = { render: function (el, o) {
          var b = document.createElement('button'); b.type = 'button'; b.textContent = 'I am not a robot';
          b.setAttribute('data-testid', 'fake-captcha');
          b.onclick = function () { b.textContent = 'checked'; o.callback('good-token'); };
          el.appendChild(b); el.setAttribute('data-sitekey', o.sitekey); window.__captcha = b; return 0; },
        reset: function () { if (window.__captcha) window.__captcha.textContent = 'I am not a robot'; } };
        ${onload ? `if (typeof window['${onload}'] === 'function') window['${onload}']();` : ''}`;
    } else if (url.pathname === '/maps/sdk.js') {
      js = `window.kakao = { maps: {
          load: function (cb) { setTimeout(cb, 0); },
          LatLng: function (lat, lng) { this.lat = lat; this.lng = lng; },
          Map: function (el, o) { el.setAttribute('data-center', o.center.lat + ',' + o.center.lng); el.setAttribute('data-level', o.level);
            var d = document.createElement('div'); d.className = 'fake-kakao-map'; el.appendChild(d); this.el = el; },
          Marker: function (o) { o.map.el.setAttribute('data-marker', o.position.lat + ',' + o.position.lng); } } };`;
    }
    if (js === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
