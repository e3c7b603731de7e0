import {
  BUTTON_TEXT_UNITS,
  ParameterError,
  buttonTextError,
  colourError,
  requireStrings,
  textUnits,
  typeError,
  typeName
} from '@/utils/params'

// The dialog and storage helpers' own parameter checks (R5.18–R5.22): the message names the method, the parameter,
// the expected type and the wrong value (R8.18) in WeChat's `method:fail reason` form (R8.19).

describe('typeName', () => {
  test('R8.18 the type as WeChat names it: capitalized, with Null and Array apart', () => {
    expect(typeName(null)).toBe('Null')
    expect(typeName(undefined)).toBe('Undefined')
    expect(typeName([1])).toBe('Array')
    expect(typeName({})).toBe('Object')
    expect(typeName('a')).toBe('String')
    expect(typeName(3)).toBe('Number')
    expect(typeName(true)).toBe('Boolean')
    expect(typeName(() => 1)).toBe('Function')
  })
})

describe('typeError', () => {
  test('R8.18 R8.19 names method, parameter, expected type and the wrong value as JSON', () => {
    const e = typeError('showModal', 'title', 'String', 3)
    expect(e).toBeInstanceOf(ParameterError)
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe('ParameterError')
    expect(e.errMsg).toBe('showModal:fail parameter error: parameter.title should be String instead of Number (3)')
    expect(e.message).toBe(e.errMsg)
    expect(typeError('m', 'p', 'String', { a: [1] }).errMsg).toBe(
      'm:fail parameter error: parameter.p should be String instead of Object ({"a":[1]})'
    )
    expect(typeError('m', 'p', 'String', 'x').errMsg).toContain('instead of String ("x")')
    expect(typeError('m', 'p', 'String', null).errMsg).toContain('instead of Null (null)')
  })

  test('R8.18 a value JSON cannot write: a function, undefined, a symbol, a circular object', () => {
    expect(typeError('m', 'p', 'String', () => 1).errMsg).toContain('instead of Function (function)')
    expect(typeError('m', 'p', 'String', undefined).errMsg).toContain('instead of Undefined (undefined)')
    expect(typeError('m', 'p', 'String', Symbol('s')).errMsg).toContain('instead of Symbol (Symbol(s))')
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(typeError('m', 'p', 'String', circular).errMsg).toContain('instead of Object ([object Object])')
  })
})

describe('requireStrings', () => {
  test('R5.19 the first named field that is no string gives the error; all strings, none', () => {
    expect(requireStrings('showModal', { title: 't', content: 'c' }, ['title', 'content'])).toBeNull()
    expect(requireStrings('showModal', {}, [])).toBeNull()
    expect(requireStrings('showModal', { title: 1, content: 2 }, ['title', 'content'])?.errMsg).toBe(
      'showModal:fail parameter error: parameter.title should be String instead of Number (1)'
    )
    expect(requireStrings('showModal', { title: 't' }, ['title', 'content'])?.errMsg).toBe(
      'showModal:fail parameter error: parameter.content should be String instead of Undefined (undefined)'
    )
  })
})

describe('button texts', () => {
  test('R5.20 a Chinese (full-width) character counts 2 units, from Α (U+0391) to ￥ (U+FFE5)', () => {
    expect(BUTTON_TEXT_UNITS).toBe(8)
    expect(textUnits('')).toBe(0)
    expect(textUnits('ab')).toBe(2)
    expect(textUnits('确定')).toBe(4)
    expect(textUnits('a确b定')).toBe(6)
    expect(textUnits('\u0391\uFFE5')).toBe(4)
    expect(textUnits('\u0390\uFFE6')).toBe(2)
  })

  test('R5.20 at most 8 units: 4 Chinese characters or 8 others pass, one more fails with the text shown', () => {
    expect(buttonTextError('showModal', 'confirmText', '四个汉字')).toBeNull()
    expect(buttonTextError('showModal', 'confirmText', 'abcdefgh')).toBeNull()
    expect(buttonTextError('showModal', 'confirmText', 'abcdefghi')?.errMsg).toBe(
      'showModal:fail parameter error: parameter.confirmText length should not be larger than 4 Chinese characters ("abcdefghi")'
    )
    expect(buttonTextError('showModal', 'cancelText', '五个汉字呀')).toBeInstanceOf(ParameterError)
  })
})

describe('colourError', () => {
  test('R5.19 R1.25 a colour is # and six hex digits; else the error shows the value', () => {
    expect(colourError('showModal', 'confirmColor', '#576B95')).toBeNull()
    expect(colourError('showModal', 'confirmColor', 'red')?.errMsg).toBe(
      'showModal:fail parameter error: parameter.confirmColor should be a 6-digit hex colour with # instead of "red"'
    )
  })
})
