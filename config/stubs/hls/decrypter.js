// hls.js's AES decryption, left out of this client's hls.js build (config/hls-source.ts): the streams are clear
// MPEG-TS. hls.js creates a decrypter with every stream controller and transmuxer; it is only used for encrypted
// segments, which cannot get this far: the key loader (key-loader.js beside this) fails them first. It stands for
// SAMPLE-AES's decrypter too, for the same reason.
export default class AbsentDecrypter {
  isSync() {
    return true
  }
  flush() {
    return null
  }
  reset() {}
  destroy() {}
  decrypt() {
    return Promise.reject(new Error('AES decryption is not built into this player'))
  }
}
