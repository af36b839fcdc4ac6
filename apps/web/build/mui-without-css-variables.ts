import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * MUI chooses between a plain theme and a CSS-variables theme at run time: `createTheme` and
 * `ThemeProvider` (in @mui/material/styles) import both paths, so no bundler can drop the unused one,
 * and every page carries `createThemeWithVars`, `CssVarsProvider` and their helpers (about 8 kB gzipped
 * of the /login budget). This app never asks for CSS variables (neither `cssVariables` nor
 * `colorSchemes` in a theme), so the build swaps those two modules for ones that keep only MUI's own
 * plain path, unchanged, and throw if a theme ever asks for variables.
 *
 * MUI's file names are internal: if an upgrade renames them the build fails here instead of silently
 * keeping the dead code.
 */
const styles = dirname(fileURLToPath(import.meta.resolve('@mui/material/styles')));
const file = (name: string) => join(styles, `${name}.mjs`);
const VARIABLES_LEFT_OUT =
  'MUI CSS theme variables are left out of this build (apps/web/build/mui-without-css-variables.ts)';

const replacements: Record<string, string> = {
  // As MUI's createTheme when neither `cssVariables` nor `colorSchemes` is given.
  [file('createTheme')]: `
import createThemeNoVars from ${JSON.stringify(file('createThemeNoVars'))};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${JSON.stringify(VARIABLES_LEFT_OUT)});
  return createThemeNoVars(options, ...args);
}`,
  // As MUI's ThemeProvider for a theme without colour schemes (`vars: null` is MUI's own guard against
  // inheriting an outer CSS-variables theme).
  [file('ThemeProvider')]: `
import { createElement, useMemo } from 'react';
import ThemeProviderNoVars from ${JSON.stringify(file('ThemeProviderNoVars'))};
import THEME_ID from ${JSON.stringify(file('identifier'))};
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error(${JSON.stringify(VARIABLES_LEFT_OUT)});
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return createElement(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
};
const PREFIX = '\0mui-without-css-variables:';

export function muiWithoutCssVariables(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'stromwerk:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const needed = [...Object.keys(replacements), file('createThemeNoVars'), file('ThemeProviderNoVars')];
      const missing = needed.filter((path) => !existsSync(path));
      if (missing.length > 0) this.error(`MUI no longer has ${missing.join(', ')}: revisit this plugin`);
    },
    resolveId: {
      filter: { id: /(?:^|\/)(?:createTheme|ThemeProvider)\.mjs$/ },
      handler(source, importer) {
        if (!importer || importer.startsWith(PREFIX)) return null;
        const path = join(dirname(importer), source);
        if (!(path in replacements)) return null;
        replaced.add(path);
        return PREFIX + path;
      },
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return replacements[id.slice(PREFIX.length)] ?? null;
    },
    buildEnd(error) {
      const unused = Object.keys(replacements).filter((path) => !replaced.has(path));
      if (!error && unused.length > 0)
        this.error(`MUI no longer imports ${unused.join(', ')}: revisit this plugin`);
    },
  };
}
