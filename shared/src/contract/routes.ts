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

/**
 * Routes below the table's paths, in OpenAPI's template form (`{id}`): the server registers them
 * with `routePattern` (Fastify's `:id`), clients fill them with `routeUrl`.
 */
export const SUB_ROUTES = {
  /** The filing's source document (PDF or EDGAR HTML), with range requests. */
  document: `${ROUTES.filings}/{id}/document`,
  /** One printed page of an EDGAR HTML filing, sanitised. */
  documentPage: `${ROUTES.filings}/{id}/document/pages/{page}`,
} as const

/** A template's Fastify pattern: `/filings/{id}/document` → `/filings/:id/document`. */
export const routePattern = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1')

/** A template filled in, each value URL-encoded. */
export const routeUrl = (template: string, params: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))

/** Every API path, in the table's order. */
export const API_PATHS: readonly RoutePath[] = Object.values(ROUTES)

/** Whether a request path (query string allowed) is an API path or below one (`/docs/static/…`). */
export function isApiPath(path: string): boolean {
  const bare = path.split('?')[0] ?? ''
  return API_PATHS.some((p) => bare === p || bare.startsWith(`${p}/`))
}
