/*
 * The H5 player's reading of a stall (web-stream.ts, starvedRestart): a media element starved by one of hls.js's
 * SourceBuffers (WebKit's keeping no audio past a discontinuity while the video fills on) is told apart from a stall for
 * want of network (every track short alike) and from a short gap that hls.js jumps itself; a starved one starts again
 * just past the starved track's data (the discontinuity), where a new Media Source keeps it.
 */
import { STARVED_AHEAD_SECONDS, starvedRestart } from '@/packageA/components/player/web-stream'

/** A TimeRanges of [start, end] pairs. */
function ranges(...pairs: [number, number][]): TimeRanges {
  return { length: pairs.length, start: (i: number) => pairs[i][0], end: (i: number) => pairs[i][1] }
}

describe('a stall starved by one track', () => {
  test('the audio ends at the playhead and the video holds seconds past it (WebKit after a discontinuity): starved, starting again just past the audio', () => {
    const tracks = { audio: ranges([30.001, 32.088]), video: ranges([30.083, 32.125], [33.083, 38.107]) }
    expect(starvedRestart(tracks, 32.07)).toBeCloseTo(32.188, 3)
    // the playhead moved past the audio's end (the jump to the edge): still starved, starting again there
    expect(starvedRestart(tracks, 35.6)).toBeCloseTo(35.7, 3)
  })

  test('a stall for want of network: every track ends at the playhead; not starved', () => {
    expect(starvedRestart({ audio: ranges([30, 32.02]), video: ranges([30, 32.08]) }, 32.0)).toBeNull()
  })

  test('a short gap in the audio that the audio fills again after: not starved (hls.js jumps it)', () => {
    const tracks = { audio: ranges([30, 42.09], [42.51, 47]), video: ranges([30, 47]) }
    expect(starvedRestart(tracks, 42.09)).toBeNull()
  })

  test('one track, or the video ahead by less than STARVED_AHEAD_SECONDS: not starved', () => {
    expect(starvedRestart({ audiovideo: ranges([30, 40]) }, 32)).toBeNull()
    expect(
      starvedRestart({ audio: ranges([30, 32]), video: ranges([30, 32 + STARVED_AHEAD_SECONDS - 0.1]) }, 32)
    ).toBeNull()
    expect(starvedRestart({}, 32)).toBeNull()
  })
})
