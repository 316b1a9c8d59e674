import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export, so each screen is its own chunk. */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
