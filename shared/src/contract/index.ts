/**
 * The browser-safe contract: everything the web app may import from `@asks1/shared`. Each idea has
 * one module here; this index only gathers them.
 */
export * from './api'
export * from './calendar'
export * from './chunk'
export * from './citations'
export * from './document'
export * from './figures'
export * from './filings'
export * from './limits'
export * from './operations'
export * from './page-label'
export * from './routes'
