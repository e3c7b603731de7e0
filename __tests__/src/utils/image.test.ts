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
  test('R7.108 R7.110 a data: URL is kept as it is; a hash stays after the parameter', () => {
    const data = 'data:image/png;base64,iVBORw0KGgo='
    expect(shareImage(data)).toBe(data)
    expect(shareImage('https://img.example/a.jpg?from=data:1')).toBe(
      'https://img.example/a.jpg?from=data:1&x-oss-process=image/resize,h_400/crop,mid,w_500,h_400'
    )
    expect(uploadedImage('/upload/x.png#top', 200.4, 149.6)).toBe(
      '/upload/x.png?x-oss-process=image/resize,w_200/crop,mid,w_200,h_150#top'
    )
  })
  test('R7.109 only a suffix at the very end is replaced', () => {
    expect(attachedImage('https://img.example/!1_2/a.jpg', 3, 4)).toBe('https://img.example/!1_2/a.jpg!3_4')
  })
})
