import { isColor, isDigits, isMobile, maskPhones, stripHtml } from '@/utils/validate'

import { displayName } from '@/utils/names'

describe('validation rules', () => {
  test('R5.1 a mobile number is 11 digits: 1, then 3 to 9', () => {
    for (const ok of ['13800000001', '15912345678', '19999999999', '13000000000']) expect(isMobile(ok)).toBe(true)
    for (const bad of ['12800000001', '10800000001', '1380000000', '138000000012', '1380000000a', '', 13800000001]) {
      expect(isMobile(bad)).toBe(false)
    }
  })

  test('R5.2 phone numbers in text are masked as 3 digits, ****, then the rest', () => {
    expect(maskPhones('联系13812345678谢谢')).toBe('联系138****5678谢谢')
    for (const prefix of ['13', '15', '16', '17', '18', '19']) {
      expect(maskPhones(`${prefix}912345678`)).toBe(`${prefix}9****5678`)
    }
    expect(maskPhones('14712345678')).toBe('14712345678')
    expect(maskPhones('订单号 213812345678901')).toBe('订单号 213812345678901')
    expect(maskPhones('a 13812345678 b 15987654321')).toBe('a 138****5678 b 159****4321')
    expect(maskPhones('13812345678,15987654321')).toBe('138****5678,159****4321')
  })

  test('R5.3 digits-only check', () => {
    expect(isDigits('0123')).toBe(true)
    expect(isDigits(42)).toBe(true)
    expect(isDigits('12a')).toBe(false)
    expect(isDigits('')).toBe(false)
    expect(isDigits('1.5')).toBe(false)
  })

  test('R5.4 HTML tags are stripped before display', () => {
    expect(stripHtml('<p>你好<b>世界</b></p>')).toBe('你好世界')
    expect(stripHtml('<script>alert(1)</script>正文&nbsp;&lt;3')).toBe('正文 <3')
    expect(stripHtml('第一行<br/>第二行')).toBe('第一行\n第二行')
    expect(stripHtml(null)).toBe('')
  })

  test('R1.25 a colour value is a 6-digit hex with a leading #', () => {
    expect(isColor('#ff8300')).toBe(true)
    expect(isColor('#FF8300')).toBe(true)
    expect(isColor('ff8300')).toBe(false)
    expect(isColor('#f80')).toBe(false)
    expect(isColor('#ff83001')).toBe(false)
    expect(isColor('#gg8300')).toBe(false)
    expect(isColor(0xff8300)).toBe(false)
  })
})

describe('validation rules at their edges', () => {
  test('R5.1 R1.25 the whole value must match: nothing before it, and only a string', () => {
    expect(isMobile('x13800000001')).toBe(false)
    expect(isMobile(['13800000001'])).toBe(false)
    expect(isColor('x#ff8300')).toBe(false)
    expect(isColor(['#ff8300'])).toBe(false)
  })

  test('R5.3 a value that is neither text nor a number is no digits, whatever it prints as', () => {
    expect(isDigits(['12'])).toBe(false)
    expect(isDigits({ toString: () => '12' })).toBe(false)
  })

  test('R5.2 a missing text is empty', () => {
    expect(maskPhones(undefined as unknown as string)).toBe('')
    expect(maskPhones('')).toBe('')
  })

  test('R5.4 every common entity is decoded, the text trimmed', () => {
    expect(stripHtml('&lt;a&gt; &quot;b&quot; &#39;c&#39; &amp;d')).toBe('<a> "b" \'c\' &d')
    expect(stripHtml('  <p> 正文 </p>\n ')).toBe('正文')
    expect(stripHtml('&copy;')).toBe('&copy;')
  })

  test('R5.4 scripts and styles go with their attributes and content, line breaks however written', () => {
    expect(stripHtml('<script type="text/javascript">var a = 1;\nalert(a)</script>正文')).toBe('正文')
    expect(stripHtml('<STYLE media="x">p { color: red }</STYLE>正文')).toBe('正文')
    expect(stripHtml('一<br>二<br >三<BR />四')).toBe('一\n二\n三\n四')
  })
})

describe('display names', () => {
  test('R3.3 R3.22 a name comes from nickName, then nick_name, nickname or name, else the fallback', () => {
    expect(displayName({ nickName: '甲', name: '乙' })).toBe('甲')
    expect(displayName({ nick_name: '丙', name: '乙' })).toBe('丙')
    expect(displayName({ nickname: '丁' })).toBe('丁')
    expect(displayName({ name: '乙' })).toBe('乙')
    expect(displayName(undefined, '主播')).toBe('主播')
    expect(displayName({})).toBe('')
    expect(displayName({ nickName: '', name: '乙' })).toBe('乙')
  })
})
