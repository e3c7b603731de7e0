// WeChat login in the order WeChat requires, in the built mini-program: the wx.login code is fetched when the login
// button shows (a wx.login after the user information may give the server another session key than the one the
// encryptedData was made with), the tap asks wx.getUserInfo for encryptedData and iv, getUserProfile (the anonymous
// 微信用户 since base library 2.27.1) is never called; a refused privacy prompt says so; the viewer's own avatar and
// nickname come from 编辑资料's 头像昵称填写 (chooseAvatar button, nickname input), uploaded and saved.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { builtLegalText } from './sim'
import { assertNoErrors, confirmDialog, currentDialog, loginOnUserPage, storedToken, weappSuite } from './support'

const s = weappSuite()

/** The PNG signature and a few bytes: what the reference server's upload takes as an image. */
/** A 1 × 1 PNG (the server reads an upload's size from its header) */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64'
  )
)

test('R1.9, R7.55: the wx.login code is fetched when the button shows, before the tap; the tap asks wx.getUserInfo (never getUserProfile) and sends code, encryptedData and iv', async () => {
  const sim = await s.launch('pages/user/user')
  await sim.waitForText('微信一键登录')
  await sim.waitFor(() => sim.callsOf('login').length > 0, 'wx.login as the button shows')
  assert.equal(sim.callsOf('login')[0].inTap, false, 'the code is fetched before any tap')
  const token = await loginOnUserPage(sim)
  assert.equal(sim.callsOf('getUserProfile').length, 0, 'getUserProfile is never called')
  const info = sim.callsOf('getUserInfo')
  assert.equal(info.length, 1)
  assert.equal(info[0].options.withCredentials, true)
  // no wx.login between the user information and the login call: the code's session key made the encryptedData
  assert.equal(sim.callsOf('login').length, 1, 'one wx.login, before the tap')
  assert.ok(sim.callsOf('login')[0].t <= info[0].t, 'wx.login before wx.getUserInfo')
  const login = sim.requestsTo(/\/userapp\/login$/)
  assert.equal(login.length, 1)
  assert.equal(login[0].body.code, 'dev')
  assert.equal(login[0].body.encryptedData, 'sim-encrypted-data')
  assert.equal(login[0].body.iv, 'sim-iv')
  const user = (await s.server.api<{ nickName: string }>('userapp/userinfo', {}, token)).data
  await sim.waitForText(user.nickName)
  await sim.settle()
  assertNoErrors(sim)
})

test('R5.15, R8.16: a refused privacy prompt gives the 登录失败 dialog saying so (not a settings switch), and no login', async () => {
  const sim = await s.launch('pages/user/user', {}, { privacy: 'refuse' })
  await sim.waitForText('微信一键登录')
  sim.page.tap({ cls: 'user-consent__box' })
  sim.page.tap({ cls: 'user-mp-login__btn' })
  const dialog = await sim.waitFor(() => currentDialog(sim), 'the dialog')
  assert.equal(dialog.title, '登录失败')
  assert.match(dialog.content, /隐私保护指引/)
  assert.doesNotMatch(dialog.content, /设置/, 'WeChat has no user-information setting to send the viewer to')
  confirmDialog(sim)
  await sim.settle()
  assert.equal(sim.requestsTo(/\/userapp\/login$/).length, 0)
  assert.equal(storedToken(sim), null)
  assert.equal(sim.callsOf('getUserProfile').length, 0)
  assert.match(sim.page.text(), /微信一键登录/)
  assertNoErrors(sim)
})

test("R7.63, R7.107: 编辑资料 takes the avatar from WeChat's chooseAvatar button and the nickname from the nickname input, uploads the avatar and saves both", async () => {
  const sim = await s.launch('pages/user/user')
  const token = await loginOnUserPage(sim)
  sim.page.tap({ cls: 'user-menu__edit' })
  await sim.waitFor(() => sim.page.find({ cls: 'profile-editor__save' }), 'the 编辑资料 editor')
  const button = sim.page.byTag('button').find((n) => sim.page.attr(n, 'open-type') === 'chooseAvatar')
  assert.ok(button, 'a button of open-type chooseAvatar')
  const nickname = sim.page.byTag('input').find((n) => String(n.cl).includes('profile-editor__name'))
  assert.ok(nickname, 'the nickname input')
  assert.equal(sim.page.attr(nickname, 'type'), 'nickname')
  // WeChat's avatar sheet: the viewer picks their WeChat avatar, WeChat hands over a checked temporary file
  const path = 'http://tmp/wx-avatar-choice.png'
  sim.tempFiles.set(path, PNG)
  sim.page.fire(button, 'chooseavatar', { avatarUrl: path })
  await sim.waitFor(() => sim.callsOf('uploadFile').length > 0, 'the avatar upload')
  assert.equal(sim.callsOf('uploadFile')[0].options.filePath, path)
  await sim.waitFor(() => sim.requestsTo(/\/upload$/).some((r) => r.status === 200), 'the upload answered')
  await sim.settle()
  // the keyboard's WeChat nickname, as WeChat hands it on blur
  sim.page.fire(nickname, 'blur', { value: '小程序里的我' })
  await sim.settle(50)
  sim.page.tap({ cls: 'profile-editor__save' })
  await sim.waitFor(() => sim.requestsTo(/\/userapp\/userinfo\/update$/).length > 0, 'the save')
  const saved = sim.requestsTo(/\/userapp\/userinfo\/update$/)[0].body
  assert.equal(saved.name, '小程序里的我')
  assert.match(String(saved.avatar), /\/files\/[\w]+\.png$/)
  const user = (await s.server.api<{ nickName: string; avatar: string }>('userapp/userinfo', {}, token)).data
  assert.equal(user.nickName, '小程序里的我')
  assert.match(user.avatar, /\/files\/[\w]+\.png$/)
  await sim.waitFor(() => sim.page.find({ cls: 'user-head__name', text: '小程序里的我' }), 'the 我的 header')
  assertNoErrors(sim)
})

test('login consent: the 用户协议 / 隐私政策 box starts unticked (a named checkbox); 微信一键登录 before it asks WeChat for nothing and sends no login; ticked, it logs in', async () => {
  const sim = await s.launch('pages/user/user')
  await sim.waitForText('微信一键登录')
  const box = () => sim.page.get({ cls: 'user-consent__box' })
  assert.equal(sim.page.attr(box(), 'aria-role'), 'checkbox')
  assert.equal(sim.page.attr(box(), 'aria-label'), '我已阅读并同意《用户协议》和《隐私政策》')
  assert.equal(sim.page.attr(box(), 'aria-checked'), false)
  sim.page.tap({ cls: 'user-mp-login__btn' })
  await sim.waitForText('请先阅读并同意用户协议和隐私政策')
  assert.equal(sim.callsOf('showToast').length, 0, 'said under the form, not in a toast over the box')
  await sim.settle()
  assert.equal(sim.callsOf('getUserInfo').length, 0, 'no user information asked for')
  assert.equal(sim.requestsTo(/\/userapp\/login$/).length, 0, 'no login sent')
  assert.equal(storedToken(sim), null)
  sim.page.tap(box())
  await sim.waitFor(() => sim.page.attr(box(), 'aria-checked') === true, 'the box ticked')
  sim.page.tap({ cls: 'user-mp-login__btn' })
  await sim.waitFor(() => storedToken(sim), 'the access token after login')
  assert.equal(sim.requestsTo(/\/userapp\/login$/).length, 1)
  await sim.settle()
  assertNoErrors(sim)
})

test('login consent: 《用户协议》 and 《隐私政策》 open package B’s legal page with the texts the build was made with', async () => {
  const sim = await s.launch('pages/user/user')
  await sim.waitForText('微信一键登录')
  sim.page.tap({ cls: 'user-consent__link', text: '《用户协议》' })
  await sim.waitFor(() => sim.page.route === 'packageB/pages/legal/legal', 'the legal page')
  assert.equal(sim.page.query.doc, 'agreement')
  await sim.waitForText(builtLegalText('TARO_APP_USER_AGREEMENT_FILE'))
  // the page's title is set once the page has shown (a moment after its text, on a busy machine)
  await sim.waitFor(
    () => sim.callsOf('setNavigationBarTitle').some((c) => c.options.title === '用户协议'),
    'the title 用户协议'
  )
  await sim.navigateBack()
  sim.page.tap({ cls: 'user-consent__link', text: '《隐私政策》' })
  await sim.waitFor(() => sim.page.route === 'packageB/pages/legal/legal', 'the legal page')
  await sim.waitForText(builtLegalText('TARO_APP_PRIVACY_POLICY_FILE'))
  // a link does not tick the box
  await sim.navigateBack()
  assert.equal(sim.page.attr(sim.page.get({ cls: 'user-consent__box' }), 'aria-checked'), false)
  assertNoErrors(sim)
})
