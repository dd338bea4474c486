import { describe, expect, it } from 'vitest'
import { ConfigError, loadBaseConfig, ROOT_DIR } from '../src/config'

describe('base configuration', () => {
  it('defaults paths to the repository root and the embedded store', () => {
    const c = loadBaseConfig({})
    expect(c.DATA_DIR).toBe(`${ROOT_DIR}/data`)
    expect(c.STORE).toBe('sqlite')
    expect(c.ALLOW_REMOTE_MODELS).toBe(false)
  })
  it('reads and coerces variables', () => {
    const c = loadBaseConfig({ DATA_DIR: '/tmp/x', ALLOW_REMOTE_MODELS: 'true', STORE: 'qdrant' })
    expect(c).toMatchObject({ DATA_DIR: '/tmp/x', ALLOW_REMOTE_MODELS: true, STORE: 'qdrant' })
  })
  it('stops on an invalid value with a one-line reason naming the variable', () => {
    expect(() => loadBaseConfig({ STORE: 'mongo' })).toThrow(ConfigError)
    expect(() => loadBaseConfig({ STORE: 'mongo' })).toThrow(/STORE/)
    expect(() => loadBaseConfig({ ALLOW_REMOTE_MODELS: 'maybe' })).toThrow(/ALLOW_REMOTE_MODELS/)
  })
})
