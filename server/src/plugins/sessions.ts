/**
 * `app.sessions`: a browser session's question allowance on the shared counters, and the cookie
 * parser that carries the session id.
 */
import cookie from '@fastify/cookie'
import fp from 'fastify-plugin'
import { SessionAllowance } from '../sessions'

export default fp(
  async (app) => {
    await app.register(cookie)
    app.decorate('sessions', new SessionAllowance(app.counters, app.config.SESSION_QUESTION_LIMIT, app.now))
  },
  { name: 'sessions', fastify: '5.x', dependencies: ['store', 'state'] },
)
