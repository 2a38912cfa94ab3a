/** Preloads added per task by the loader. */
const PER_TASK = 3;

/**
 * Lets a page paint before its JavaScript is fetched. React Router puts a `<link rel="modulepreload">` per module in
 * the <head> and one module script at the end of the <body>; on a phone's network those 70 KB of modules then share
 * the line with the stylesheet and the largest picture, and the first paint waits for them (Lighthouse on a slow 4G
 * profile: first paint 1.7 s with them, 0.9 s without).
 *
 * The preloads are taken out of the <head>, and the module script becomes a small inline script that, after the
 * first frame has been painted (at once in a hidden tab), adds the preloads, preloads of `fetches` (files the
 * scripts fetch before hydrating: the page's texts) and, in a task of its own, the module script. Until then the
 * page works as plain HTML: links and forms are real. A page without the expected markup is left as it is.
 */
export function deferHydration(page: Buffer, nonce: string, fetches: string[] = []): Buffer {
  // Only the <head> and the end of the page are read as text: decoding and encoding all of a 150 KB page of Korean
  // text cost about 2 ms a request.
  const headEnd = page.indexOf('</head>');
  const moduleAttr = page.lastIndexOf(' type="module"');
  const moduleAt = moduleAttr < 0 ? -1 : page.lastIndexOf('<script', moduleAttr);
  if (headEnd < 0 || moduleAt < headEnd) return page;
  const tail = page.subarray(moduleAt).toString('utf8');
  const moduleScript = /^<script[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/.exec(tail);
  if (!moduleScript) return page;

  const hrefs: string[] = [];
  const head = page
    .subarray(0, headEnd)
    .toString('utf8')
    .replace(/<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g, (_, href: string) => {
      hrefs.push(href);
      return '';
    });
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  // The elements are added a few per task: each request the browser starts costs about a millisecond of main
  // thread on a phone (more under Lighthouse's 4x slowdown), and all of them in one task made a long one.
  const loader =
    `(function(){var n=${json(nonce)};function el(u,m){var l=document.createElement("link");` +
    `if(m){l.rel="modulepreload";l.nonce=n}else{l.rel="preload";l.as="fetch";l.crossOrigin="anonymous"}l.href=u;return l}` +
    `function go(now){var q=${json(hrefs)}.map(function(u){return el(u,1)}).concat(${json(fetches)}.map(function(u){return el(u,0)}));` +
    `(function step(){for(var k=0;k<${PER_TASK}&&q.length;k++)document.head.appendChild(q.shift());` +
    `if(q.length||!now&&!step.last){step.last=!q.length;return now?step():setTimeout(step,0)}` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${json(moduleScript[1])};document.body.appendChild(s)})()}` +
    `document.hidden?go(1):requestAnimationFrame(function(){setTimeout(go,0)})})()`;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  return Buffer.concat([
    Buffer.from(head),
    page.subarray(headEnd, moduleAt),
    Buffer.from(`<script${nonceAttr}>${loader}</script>${tail.slice(moduleScript[0].length)}`),
  ]);
}
