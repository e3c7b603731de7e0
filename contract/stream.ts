/**
 * A live stream's own HLS parameters (not API calls; the client imports these types only). Time-shift (回看) as the
 * CDNs serve it (Aliyun's `lhs_start`, Tencent's `txTimeshift`): a player that asks for `start=live` gets the last
 * few seconds of the stream at its edge, not the whole window (a two-hour window is 3,600 segments that hls.js parses
 * on every reload), and `start=<ms since the epoch>` for a playlist from that moment to the edge, which starts
 * playing there (EXT-X-START). Without `start` a media playlist is the whole window, as native players and the
 * audio streams take it. A live master playlist names its time-shift window in an EXT-X-SESSION-DATA of this id,
 * its value seconds, and passes its `start` on to the renditions it names.
 */
export type TimeshiftDataId = 'org.m2.timeshift'
/** `start=live`: the edge only. */
export type StreamStartLive = 'live'
