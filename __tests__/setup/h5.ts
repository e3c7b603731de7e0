// The h5 project's first setup: Taro's runtime is loaded as the H5 build loads it, with TARO_PLATFORM=web already
// defined (the build's DefinePlugin), so it uses the page's own document, window, history and URL. Set later (as
// react-app.ts did), the runtime kept its mini-program document and React's root inside it made Taro warn
// "暂未实现 event 的 capture 特性" for every event React listens to.
process.env.TARO_PLATFORM = 'web'

export {}
