import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import type { Language } from '@podo/i18n';
import { messagesUrl } from './lib/messages';

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
  // The page's texts are a separate cached file (lib/messages.ts): start fetching it with the page.
  const lang = (routerContext.staticHandlerContext.loaderData.root as { lang?: Language } | undefined)?.lang;
  if (lang) responseHeaders.append('Link', `<${messagesUrl(lang)}>; rel=preload; as=fetch; crossorigin=anonymous`);
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
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
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
