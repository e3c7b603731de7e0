import { qrcodeUrl } from '@/api/live'
import { currentHosts } from '@/core/request'
import type { PosterCode } from './poster-code'

/** H5: the poster carries the web QR code of the room's H5 page (R7.39: roomid, width 300, R9.8). */
export function posterCode(roomId: number): PosterCode {
  return {
    src: qrcodeUrl(currentHosts().api, { roomid: roomId, width: 300 }),
    alt: '直播间二维码',
    hint: '长按识别二维码，进入直播间'
  }
}
