/**
 * Node-only retrieval: the embedder, keyword terms and `retrieve` (the stores are `@asks1/shared/store`).
 */
export * from './embedder'
export * from './features'
export * from './query'
export * from './rerank'
export * from './retrieve'
export * from './terms'
