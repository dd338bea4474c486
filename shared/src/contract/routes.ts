/**
 * The API's route table: every path the server answers. The server registers its routes at these
 * paths, the web app calls them, Vite's dev server proxies them to the API, and the server's SPA
 * fallback never answers them with index.html. Browser-safe.
 */
export const ROUTES = {
  ask: '/ask',
  filings: '/filings',
  session: '/session',
  sources: '/sources',
  health: '/health',
  ready: '/ready',
  openapi: '/openapi.json',
  docs: '/docs',
} as const

export type RouteName = keyof typeof ROUTES
export type RoutePath = (typeof ROUTES)[RouteName]

/** Every API path, in the table's order. */
export const API_PATHS: readonly RoutePath[] = Object.values(ROUTES)

/** Whether a request path (query string allowed) is an API path or below one (`/docs/static/…`). */
export function isApiPath(path: string): boolean {
  const bare = path.split('?')[0] ?? ''
  return API_PATHS.some((p) => bare === p || bare.startsWith(`${p}/`))
}
