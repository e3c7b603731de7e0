/** The list page's `type` query (spec R2.7) and the title each one shows. */
export const LIST_TYPES = {
  live: '正在直播',
  playback: '精彩回看',
  playbackRecommended: '推荐回看',
  event: '活动',
  deposit: '充值记录',
  gift: '送礼记录'
} as const

export type ListType = keyof typeof LIST_TYPES

export function listType(value: unknown): ListType | null {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LIST_TYPES, value)
    ? (value as ListType)
    : null
}
