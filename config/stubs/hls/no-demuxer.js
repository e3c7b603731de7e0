// A demuxer or remuxer this client leaves out of its hls.js build (config/hls-source.ts): the streams are MPEG-TS,
// so the fMP4, raw AAC and MP3 demuxers are never chosen. hls.js asks each demuxer in turn whether a segment is its
// format; this one never says yes, so such a segment ends as hls.js's own "no demux matching" error.
export default class AbsentDemuxer {
  static probe() {
    return false
  }
}
