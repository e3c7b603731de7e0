import { attachedImage, shareImage, uploadedImage } from '@/utils/image'

describe('image resizing', () => {
  test('R7.108 share preset resizes to h_400 then crops mid 500x400', () => {
    expect(shareImage('https://img.example/a.jpg')).toBe(
      'https://img.example/a.jpg?x-oss-process=image/resize,h_400/crop,mid,w_500,h_400'
    )
    expect(shareImage('/img/a.jpg?v=2')).toBe('/img/a.jpg?v=2&x-oss-process=image/resize,h_400/crop,mid,w_500,h_400')
  })
  test('R7.109 attached images take a !width_height suffix', () => {
    expect(attachedImage('https://img.example/a.jpg', 320, 180)).toBe('https://img.example/a.jpg!320_180')
    expect(attachedImage('https://img.example/a.jpg!100_100', 640, 360)).toBe('https://img.example/a.jpg!640_360')
  })
  test('R7.110 uploaded images use resize,w_N/crop,mid,w_N,h_M', () => {
    expect(uploadedImage('/upload/x.png', 200, 150)).toBe(
      '/upload/x.png?x-oss-process=image/resize,w_200/crop,mid,w_200,h_150'
    )
  })
  test('empty urls stay empty', () => {
    expect(shareImage('')).toBe('')
    expect(attachedImage('', 1, 1)).toBe('')
  })
})
