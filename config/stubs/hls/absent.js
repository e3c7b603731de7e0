// An hls.js controller this client leaves out of its hls.js build (config/hls-source.ts): hls.js creates none when its
// config names none (cap-level, FPS and ID3 track controllers), and the cue handler only its subtitle controller uses.
export default undefined
