import type { resolvers } from './form-deps.ts';

type Resolvers = typeof resolvers;

/** The forms' deferred dependencies (form-deps.ts), fetched once. */
export const loadFormDeps = () => import('./form-deps.ts');

/** For a form's onFocus: start fetching them before the visitor submits. */
export const preloadFormDeps = () => void loadFormDeps();

/** A form's resolver that runs the real one (zod, the shared schema) once it has loaded. */
export function deferredResolver<K extends keyof Resolvers>(name: K): Resolvers[K] {
  return (async (...args: Parameters<Resolvers[K]>) => {
    const resolver = (await loadFormDeps()).resolvers[name] as (...a: Parameters<Resolvers[K]>) => unknown;
    return resolver(...args);
  }) as Resolvers[K];
}
