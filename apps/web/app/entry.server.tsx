import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import type { Language } from '@podo/i18n';
import { deferHydration } from './lib/defer-hydration.server';
import { messagesUrl } from './lib/messages';
import { isFormPage } from './lib/hydration';

export const streamTimeout = 5_000;

/** Renders the SSR page; inline hydration scripts carry the response's CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const lang = (routerContext.staticHandlerContext.loaderData.root as { lang?: Language } | undefined)?.lang;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // The whole page is rendered before anything is sent (nothing on the server suspends: see HydrateLater), so it
    // is collected into one buffer: no Node-to-web-to-Node stream conversions, and one compression pass with a
    // Content-Length instead of a chunked stream.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // Reading pages paint before their scripts load (lib/defer-hydration.server.ts); pages of forms that
        // visitors fill in at once (log-in, sign-up, my page) keep their scripts loading with the page. The page's
        // texts are a separate cached file (lib/messages.ts) the scripts fetch first: preloaded with them.
        const html = Buffer.concat(chunks);
        const formPage = isFormPage(new URL(request.url).pathname);
        if (formPage && lang) responseHeaders.append('Link', `<${messagesUrl(lang)}>; rel=preload; as=fetch; crossorigin=anonymous`);
        const page = formPage ? html : deferHydration(html, nonce, lang ? [messagesUrl(lang)] : []);
        resolve(
          new Response(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
