/**
 * The parts a caller hands to `buildApp` (config, registry, store, embedder, retrieval components,
 * start-up state, clock), decorated onto the app so routes and other plugins read them as
 * `app.store`, `app.config`, ….
 * The caller owns the store and closes it after the app.
 */
import { ALL_FEATURES } from '@asks1/shared/retrieval/features'
import fp from 'fastify-plugin'
import type { AppOptions } from '../deps'
import { StartupState } from '../startup'

export type StorePluginOptions = Pick<
  AppOptions,
  'config' | 'registry' | 'store' | 'embedder' | 'retrievalFeatures' | 'startup' | 'now'
>

export default fp<StorePluginOptions>(
  async (app, opts) => {
    app.decorate('config', opts.config)
    app.decorate('registry', opts.registry)
    app.decorate('store', opts.store)
    app.decorate('embedder', opts.embedder)
    app.decorate('retrievalFeatures', opts.retrievalFeatures ?? ALL_FEATURES)
    app.decorate('startup', opts.startup ?? new StartupState('ready'))
    app.decorate('now', opts.now ?? Date.now)
  },
  { name: 'store', fastify: '5.x' },
)
