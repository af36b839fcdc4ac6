import type { Plugin } from 'vite';

/**
 * react-router's production build defines its components as `var Form = React10.forwardRef(...)`
 * followed by `Form.displayName = "Form"`. A bundler must keep a call it cannot prove pure and a property
 * written on its result, so every such component stays in the bundle whether or not the app uses it, and
 * with it what it calls: `Form`, `NavLink`, `ScrollRestoration` and `HistoryRouter` brought `useSubmit`,
 * form serialisation, view-transition and scroll code (about 2 kB gzipped) into the router chunk that
 * /login loads. This transform marks those `forwardRef`/`createContext` calls pure and drops the
 * `displayName` lines (names React DevTools shows, nothing the app reads), in react-router's own files
 * only. If an upgrade changes the pattern the build fails here rather than silently keeping the code.
 */
const FILE = /\/node_modules\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/;
const PURE_CALL = /(?<![\w.$])(React\d*\.(?:forwardRef|createContext)\()/g;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

export function reactRouterTreeShaking(): Plugin {
  let seen = 0;
  return {
    name: 'stromwerk:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: FILE },
      handler(code) {
        const marked = code.replace(PURE_CALL, '/* @__PURE__ */ $1');
        const stripped = marked.replace(DISPLAY_NAME, '');
        if (stripped === marked || marked === code) return null;
        seen++;
        return { code: stripped, map: null };
      },
    },
    buildEnd(error) {
      if (!error && seen === 0)
        this.error('react-router has no `X.displayName = ...` to drop: revisit this plugin');
    },
  };
}
