/** `app.changes`: a filing's versions and the change report between two of them (cached). */
import fp from 'fastify-plugin'
import { ChangeService } from '../services/changes'

export default fp(
  async (app) => {
    app.decorate('changes', new ChangeService(app))
  },
  { name: 'changes', fastify: '5.x', dependencies: ['store'] },
)
