import path from 'node:path'
import { DEFAULT_DATA_DIR } from '../app'
import { Store } from '../db'
import { seed } from '../db/seed'
import { DEMO } from '../db/seed-ids'

/** `npm run seed`: resets the database to the demo content (the cookie secret is kept). */
const dataDir = path.resolve(process.env.DATA_DIR ?? DEFAULT_DATA_DIR)
const store = new Store(path.join(dataDir, 'live.db'))
seed(store)
store.close()
console.log(`[seed] 数据库已重置：${path.join(dataDir, 'live.db')}`)
console.log(`[seed] 演示账号：手机号 ${DEMO.user.mobile} 密码 ${DEMO.user.password}；无手机号用户：小程序登录 code=dev`)
