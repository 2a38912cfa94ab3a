import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import type { ManualChunkMeta } from 'rollup';
import type { ChildNode as PostcssChildNode, Plugin as PostcssPlugin } from 'postcss';

// The browser runs Preact (compat layer) instead of React DOM: about 60 KB less gzipped JavaScript on every first
// visit. The server keeps rendering with React; Preact hydrates that HTML.
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': fileURLToPath(new URL('./app/lib/react-dom-browser.js', import.meta.url)),
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

// Route modules on screen on every page: what they import statically is downloaded by every first visit anyway.
const ALWAYS_ON = [
  /\/app\/entry\.client\.tsx$/,
  /\/app\/root\.tsx(\?|$)/,
  /\/app\/routes\/shell\.tsx(\?|$)/,
  /\/app\/routes\/boundary\.tsx(\?|$)/,
];

/**
 * One chunk for everything the always-on routes import statically (Preact, React Router, header, alert, texts…),
 * instead of a dozen small files: HTTP/1.1 browsers fetch six at a time, so every extra file queues.
 */
function alwaysLoaded(id: string, meta: ManualChunkMeta): string | undefined {
  if (ALWAYS_ON.some((r) => r.test(id))) return undefined;
  const seen = new Set<string>();
  const reachable = (m: string): boolean => {
    if (seen.has(m)) return false;
    seen.add(m);
    const info = meta.getModuleInfo(m);
    if (!info) return false;
    return info.importers.some((i) => ALWAYS_ON.some((r) => r.test(i)) || reachable(i));
  };
  return reachable(id) ? 'app' : undefined;
}

function preactInTheBrowser(): Plugin {
  return {
    name: 'podo:preact-in-the-browser',
    enforce: 'pre',
    // Lets root.tsx render the document the way each side hydrates it (see Layout there).
    config: (_config, env) => ({
      define: { 'import.meta.env.PREACT': JSON.stringify(!env.isSsrBuild) },
      ...(env.isSsrBuild ? {} : { build: { rollupOptions: { output: { manualChunks: alwaysLoaded } } } }),
    }),
    async resolveId(source, importer, options) {
      const target = PREACT[source];
      if (!target || options?.ssr || this.environment?.config.consumer === 'server') return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

const appDir = fileURLToPath(new URL('./app', import.meta.url));

/** Every word of the app's sources that could be a class name (like Tailwind's content scan). */
function sourceWords(): Set<string> {
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (/\.(tsx?|jsx?)$/.test(e.name)) for (const w of readFileSync(full, 'utf8').split(/[^\w:/.-]+/)) words.add(w);
    }
  };
  visit(appDir);
  return words;
}

/**
 * Bootstrap's utility API writes ~60 KB of classes (every spacing, display, flex… value at every breakpoint), few
 * of which the app uses. This drops the utility rules (between the podo:utilities markers of app.scss) whose class
 * no source file names, so the render-blocking stylesheet stays small. Class names must appear whole in the
 * sources: build them from whole names (`cond ? 'd-none' : 'd-flex'`), not from pieces (`d-${x}`).
 */
function unusedUtilities(): PostcssPlugin {
  const className = (selector: string) => /^\.((?:\\.|[\w-])+)/.exec(selector.trim())?.[1]?.replace(/\\(.)/g, '$1');
  const prune = (node: PostcssChildNode, words: Set<string>) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter((sel) => {
        const name = className(sel);
        return !name || words.has(name);
      });
      if (kept.length === 0) node.remove();
      else node.selectors = kept;
    } else if (node.type === 'atrule' && node.nodes) {
      for (const child of [...node.nodes]) prune(child, words);
      if (node.nodes.length === 0) node.remove();
    }
  };
  return {
    postcssPlugin: 'podo-unused-utilities',
    Once(root) {
      const words = sourceWords();
      let inside = false;
      for (const node of [...root.nodes]) {
        if (node.type === 'comment' && node.text.startsWith('! podo:utilities')) {
          inside = node.text === '! podo:utilities';
          node.remove();
        } else if (inside) prune(node, words);
      }
    },
  };
}

/**
 * Bootstrap's reboot floats <legend> and clears what follows it with `legend + *`. A rule whose subject is `*` after a
 * sibling combinator makes Chromium restyle a parent's whole subtree whenever an element is inserted into it: one
 * insertion into <body> while /product hydrated restyled all 392 laid-out elements (6–17 ms). app.scss stops the
 * float, which leaves the rule nothing to do; this drops it.
 */
function noLegendSiblingRule(): PostcssPlugin {
  return {
    postcssPlugin: 'podo-no-legend-sibling-rule',
    Rule(rule) {
      if (rule.selector.replace(/\s+/g, '') === 'legend+*') rule.remove();
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), reactRouter()],
  // The app's own small translation module stands in for react-i18next (see app/lib/i18n.ts).
  resolve: { alias: { 'react-i18next': fileURLToPath(new URL('./app/lib/i18n.ts', import.meta.url)) } },
  css: {
    postcss: { plugins: [unusedUtilities(), noLegendSiblingRule()] },
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and colour functions that Dart Sass flags as deprecated.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    assetsInlineLimit: 0,
    sourcemap: false,
    rollupOptions: {
      // Resource routes (sitemap, robots, PDFs, the menu fragment, certificate downloads) have no browser code, so
      // their client chunks are empty by design; every other warning still shows.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE') return;
        warn(warning);
      },
    },
  },
  ssr: { noExternal: [/^@podo\//] },
});
