/**
 * Probes. /health: the process is up (answers as soon as it listens, even while ingesting).
 * /ready: the store answers, start-up ingest is done and the default filing is searchable; 503
 * otherwise, with the reason, so orchestrators hold traffic until it is.
 */
import { ROUTES } from '@asks1/shared/contract/routes'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { storeKey } from '../lookup'
import { HealthReplySchema, type ReadyReply, ReadyReplySchema } from '../schemas'

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    ROUTES.health,
    {
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        summary: 'Liveness',
        response: { 200: HealthReplySchema },
      },
    },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  )

  app.get(
    ROUTES.ready,
    {
      schema: {
        tags: ['operations'],
        operationId: 'getReady',
        summary: 'Readiness: store reachable, filings ingested, embedder status',
        response: { 200: ReadyReplySchema, 503: ReadyReplySchema },
      },
    },
    async (_request, reply) => {
      const { store, registry, embedder, startup } = app
      let storeOk = true
      let storeMessage: string | undefined
      try {
        await store.ping()
      } catch (err) {
        storeOk = false
        storeMessage = 'The store is unreachable'
        app.log.warn({ err }, 'readiness: store ping failed')
      }
      const statuses = storeOk ? await store.listFilings().catch(() => []) : []
      const byKey = new Map(statuses.map((s) => [s.filing, s]))
      const filings = registry.filings.map((f) => {
        const status = byKey.get(storeKey(f))
        const progress = startup.filings.get(f.id)
        const state = status ? 'ready' : (progress?.state ?? 'pending')
        return {
          id: f.id,
          state: state === 'ready' && !status ? ('pending' as const) : state,
          chunks: status?.chunks ?? 0,
          ...(progress?.message && !status ? { message: progress.message } : {}),
          ...(progress?.progress && !status && state === 'ingesting' ? { progress: progress.progress } : {}),
        }
      })
      const defaultReady = byKey.has(storeKey(registry.defaultFiling))
      const ready = storeOk && startup.phase === 'ready' && defaultReady
      const body: ReadyReply = {
        ready,
        phase: startup.phase,
        store: { kind: store.kind, ok: storeOk, ...(storeMessage ? { message: storeMessage } : {}) },
        embedder: {
          status: embedder.status,
          model: embedder.model,
          ...(embedder.reason ? { reason: embedder.reason } : {}),
        },
        answers: app.answerer,
        filings,
      }
      return reply.code(ready ? 200 : 503).send(body)
    },
  )
}

export default healthRoutes
