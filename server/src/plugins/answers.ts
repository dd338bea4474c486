/**
 * `app.answers`: the answer service behind POST /ask. On close it first waits for answers in flight
 * to be fully written, so a shutdown never cuts a finished answer's last bytes.
 */
import fp from 'fastify-plugin'
import { AnswerService } from '../services/answer'

export default fp(
  async (app) => {
    const answers = new AnswerService(app)
    app.decorate('answers', answers)
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
    dependencies: ['store', 'state', 'sessions', 'keys', 'answerer', 'budget'],
  },
)
