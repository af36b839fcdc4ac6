import { type ComponentType, lazy } from 'react';
import { loadNamespaces, type Namespace } from './i18n';

/**
 * `React.lazy` for a component whose translations are not bundled (all but English `common` and
 * `auth`): they load alongside its chunk instead of after its first render, which `useTranslation`
 * would otherwise suspend for.
 */
export function lazyTranslated<P extends object>(load: () => Promise<ComponentType<P>>, ...ns: Namespace[]) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(ns)]);
    return { default: Component };
  });
}
