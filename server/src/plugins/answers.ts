/**
 * `app.answers`: the answer service behind POST /ask. On close it first waits for answers in flight
 * to be fully written, so a shutdown never cuts a finished answer's last bytes. Before it listens
 * it reads the answer ranker's word tables, so the first question does not block every other
 * request while they load.
 */
import fp from 'fastify-plugin'
import { loadEverydayWords } from '../answer/everyday'
import { AnswerService } from '../services/answer'

export default fp(
  async (app) => {
    const answers = new AnswerService(app)
    app.decorate('answers', answers)
    app.addHook('onReady', async () => {
      const started = performance.now()
      const words = loadEverydayWords()
      app.log.debug({ words, ms: Math.round(performance.now() - started) }, 'everyday word table read')
    })
    app.addHook('preClose', async () => {
      if (answers.inflight.size) {
        app.log.info({ answers: answers.inflight.size }, 'waiting for answers in flight')
        await Promise.allSettled([...answers.inflight])
      }
    })
  },
  {
    name: 'answers',
    fastify: '5.x',
    dependencies: ['store', 'state', 'sessions', 'keys', 'answerer', 'budget', 'changes'],
  },
)
