/** `app.keys`: API keys in DATA_DIR/keys.sqlite (written by `pnpm keys`, read per request). */
import fp from 'fastify-plugin'
import { KeyStore, keysFile } from '../keys'

export default fp(
  async (app) => {
    const keys = new KeyStore(keysFile(app.config.DATA_DIR), app.now)
    app.decorate('keys', keys)
    app.addHook('onClose', async () => keys.close())
  },
  { name: 'keys', fastify: '5.x', dependencies: ['store'] },
)
