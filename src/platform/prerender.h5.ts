// H5 is never pre-rendered by Taro (the reference server writes its first screens: server/first-screen.ts).
export {}
