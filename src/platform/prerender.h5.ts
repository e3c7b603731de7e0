// H5 is never pre-rendered by Taro (the reference server writes its first screens: server/views/first-screen.ts).
export {}
