import { useSyncExternalStore } from 'react';

/** The current hash route: `#/live?preset=invoice` → path `/live`, params `preset=invoice`. */
export type HashRoute = { path: string; params: URLSearchParams };

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const getHash = (): string => window.location.hash;

/** A tiny hash router: re-renders when the hash changes. */
export function useHashRoute(): HashRoute {
  return parseHash(useSyncExternalStore(subscribe, getHash, () => ''));
}

export function parseHash(hash: string): HashRoute {
  const body = hash.replace(/^#/, '');
  const question = body.indexOf('?');
  const path = (question === -1 ? body : body.slice(0, question)) || '/';
  const params = new URLSearchParams(question === -1 ? '' : body.slice(question + 1));
  return { path, params };
}

/** The href of a route, with optional query parameters. */
export function routeHref(path: string, params?: URLSearchParams): string {
  const query = params?.toString() ?? '';
  return `#${path}${query === '' ? '' : `?${query}`}`;
}

/** Rewrites the query of the current route without a history entry or a hashchange. */
export function replaceRouteParams(params: URLSearchParams): void {
  const { path } = parseHash(window.location.hash);
  window.history.replaceState(null, '', routeHref(path, params));
}
