// The build injects TARO_APP_* through DefinePlugin; under jest the same defaults come from config/env.ts.
import { appEnv } from '../../config/env'

const values = appEnv(process.env)
for (const [k, v] of Object.entries(values)) process.env[k] = v
