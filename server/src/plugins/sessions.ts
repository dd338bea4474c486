/**
 * `app.sessions` (a browser session's questions) and `app.allowances` (key, address and session
 * allowances together), on the shared counters; and the signed cookie that carries the session id.
 */
import cookie from '@fastify/cookie'
import fp from 'fastify-plugin'
import { Allowances } from '../services/allowance'
import { SessionAllowance, sessionSecret } from '../sessions'

export default fp(
  async (app) => {
    const { secret, source } = sessionSecret(app.config)
    if (source !== 'SESSION_SECRET')
      app.log.info(
        { file: source },
        'SESSION_SECRET not set: session cookies are signed with the secret kept in this file',
      )
    await app.register(cookie, { secret })
    const sessions = new SessionAllowance(app.counters, app.config.SESSION_QUESTION_LIMIT, app.now)
    app.decorate('sessions', sessions)
    app.decorate('allowances', new Allowances(app.counters, sessions, app.config, app.now))
  },
  { name: 'sessions', fastify: '5.x', dependencies: ['store', 'state'] },
)
