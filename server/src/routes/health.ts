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
      // Probes arrive every few seconds: their request lines would drown the log at info.
      logLevel: 'debug',
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
      logLevel: 'debug',
      schema: {
        tags: ['operations'],
        operationId: 'getReady',
        summary: 'Readiness: store and state reachable, filings ingested, embedder status',
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
      // Counts (sessions, quotas, budgets) live here: without them no question may be answered.
      let stateOk = true
      try {
        await app.counters.ping()
      } catch (err) {
        stateOk = false
        app.log.warn({ err }, 'readiness: state ping failed')
      }
      const statuses = storeOk ? await store.listFilings().catch(() => []) : []
      const byKey = new Map(statuses.map((s) => [s.filing, s]))
      const filings = registry.filings.map((f): ReadyReply['filings'][number] => {
        const status = byKey.get(storeKey(f))
        const progress = startup.filings.get(f.id)
        const damaged = startup.damaged.get(f.id)
        if (damaged)
          return {
            id: f.id,
            // Re-ingesting, or failed to; either way it answers 503 FILING_UNAVAILABLE meanwhile.
            state:
              progress?.state === 'ingesting' || progress?.state === 'failed' ? progress.state : 'damaged',
            chunks: 0,
            message: `unavailable: ${damaged.problem}`,
          }
        const state = status ? 'ready' : (progress?.state ?? 'pending')
        return {
          id: f.id,
          state: state === 'ready' && !status ? ('pending' as const) : state,
          chunks: status?.chunks ?? 0,
          ...(progress?.message && !status ? { message: progress.message } : {}),
          ...(progress?.progress && !status && state === 'ingesting' ? { progress: progress.progress } : {}),
        }
      })
      const defaultReady =
        byKey.has(storeKey(registry.defaultFiling)) && !startup.damaged.has(registry.defaultFiling.id)
      const ready = storeOk && stateOk && startup.phase === 'ready' && defaultReady
      const body: ReadyReply = {
        ready,
        phase: startup.phase,
        store: { kind: store.kind, ok: storeOk, ...(storeMessage ? { message: storeMessage } : {}) },
        state: {
          kind: app.config.STATE,
          ok: stateOk,
          ...(stateOk
            ? {}
            : {
                message: `The ${app.config.STATE === 'redis' ? 'Redis' : 'SQLite'} state is unreachable: questions are refused until it answers again`,
              }),
        },
        embedder: {
          status: embedder.status,
          model: embedder.model,
          // The loader's reason names server paths: the log has it, the public probe does not.
          ...(embedder.status === 'missing'
            ? { reason: 'no embedding model is loaded (the server log says why); retrieval is keyword-only' }
            : {}),
        },
        answers: app.answerer,
        filings,
      }
      return reply.code(ready ? 200 : 503).send(body)
    },
  )
}

export default healthRoutes
