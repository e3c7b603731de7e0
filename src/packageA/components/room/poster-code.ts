import { wxacodeUrl } from '@/api/live'
import { currentHosts } from '@/core/request'
import { PACKAGE_A, PACKAGE_A_PAGES } from '@/router/pages'

/** What the poster's code is: its image, its name, the hint under it. */
export interface PosterCode {
  src: string
  alt: string
  hint: string
}

/**
 * Mini-program: the poster carries the room's mini-program code (wxacode.getUnlimited: page
 * packageA/pages/live/live, scene roomid=<id>), which WeChat's long-press recognises and opens in the mini-program; a
 * web QR code would open the H5 page in WeChat's browser instead. The live page reads the scene (src/router/startup.ts
 * roomIdOf).
 */
export function posterCode(roomId: number): PosterCode {
  return {
    src: wxacodeUrl(currentHosts().api, {
      page: `${PACKAGE_A}/${PACKAGE_A_PAGES.live}`,
      scene: `roomid=${roomId}`,
      width: 300
    }),
    alt: '直播间小程序码',
    hint: '长按识别小程序码，进入直播间'
  }
}
