import Taro from '@tarojs/taro'
import { LIKE_KEYS, LikesStore } from '@/stores/likes'

beforeEach(() => localStorage.clear())

describe('likes', () => {
  test('R4.28 R9.32 one like per media, post or photo, remembered locally under its key', async () => {
    expect(LIKE_KEYS).toEqual({ medias: 'liked_medias', posts: 'liked_posts', photos: 'liked_photos' })
    const likes = new LikesStore()
    const call = jest.fn(async () => undefined)
    await likes.toggle('medias', 7, call)
    await likes.toggle('posts', 8, call)
    expect(Taro.getStorageSync('liked_medias')).toEqual({ data: [7] })
    expect(Taro.getStorageSync('liked_posts')).toEqual({ data: [8] })
    expect(new LikesStore().has('medias', 7)).toBe(true)
  })
  test('R4.29 R5.12 media and post likes are never undone: an already-liked one is skipped', async () => {
    const likes = new LikesStore()
    const call = jest.fn(async () => undefined)
    await likes.toggle('medias', 1, call)
    await expect(likes.toggle('medias', 1, call)).resolves.toBe('skipped')
    await likes.toggle('posts', 2, call)
    await expect(likes.toggle('posts', 2, call)).resolves.toBe('skipped')
    expect(call).toHaveBeenCalledTimes(2)
  })
  test('R4.29 photo likes toggle off when already liked', async () => {
    const likes = new LikesStore()
    const call = jest.fn(async () => undefined)
    await expect(likes.toggle('photos', 3, call)).resolves.toBe('liked')
    await expect(likes.toggle('photos', 3, call)).resolves.toBe('unliked')
    expect(call).toHaveBeenLastCalledWith(true)
    expect(likes.has('photos', 3)).toBe(false)
  })
  test('a failed like call changes nothing', async () => {
    const likes = new LikesStore()
    await expect(likes.toggle('medias', 4, async () => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(likes.has('medias', 4)).toBe(false)
  })
})
