/** @jest-environment node */
import configFactory, { CHUNK_LOAD_TIMEOUT } from '../../config/index'
import { h5Aliases } from '../../config/routes'
import { appEnv, defineAppEnv, ENV_DEFAULTS } from '../../config/env'

type Factory = () => Promise<Record<string, any>>

async function buildConfig() {
  return (configFactory as unknown as Factory)()
}

describe('H5 build configuration', () => {
  test('R2.1 every asset under /m2/ and the browser router with basename /m2', async () => {
    const cfg = await buildConfig()
    expect(cfg.h5.publicPath).toBe('/m2/')
    expect(cfg.h5.router).toMatchObject({ mode: 'browser', basename: '/m2' })
  })
  test('R8.7 R9.11 page chunks give up loading after 120 s', async () => {
    const cfg = await buildConfig()
    expect(CHUNK_LOAD_TIMEOUT).toBe(120000)
    expect(cfg.h5.output.chunkLoadTimeout).toBe(120000)
  })
  test('R2.41 an alias table gives custom routes, including binhu717 for hubin', async () => {
    const cfg = await buildConfig()
    expect(cfg.h5.router.customRoutes).toBe(h5Aliases)
    expect(h5Aliases['/packageA/featured/hubin/hubin']).toContain('/binhu717')
    expect(h5Aliases['/packageA/pages/live/live']).toEqual(['/packageA/pages/live/live', '/live', '/rm'])
  })
  test('R1.22 design width 750', async () => {
    expect((await buildConfig()).designWidth).toBe(750)
  })
  test('hosts, brand and slogan are build-time configuration defaulting to the reference server', () => {
    expect(ENV_DEFAULTS.TARO_APP_API_HOST).toBe('')
    expect(ENV_DEFAULTS.TARO_APP_DEV_ORIGIN).toBe('http://127.0.0.1:8080')
    const e = appEnv({ TARO_APP_API_HOST: 'https://api.example.test', TARO_APP_BRAND: '' })
    expect(e.TARO_APP_API_HOST).toBe('https://api.example.test')
    expect(e.TARO_APP_BRAND).toBe(ENV_DEFAULTS.TARO_APP_BRAND)
    expect(defineAppEnv(e)['process.env.TARO_APP_API_HOST']).toBe('"https://api.example.test"')
  })
})
