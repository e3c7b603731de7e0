/**
 * Parameter checks of the project's dialog and storage helpers (spec R5.18–R5.22), done by the project itself on
 * both targets: WeChat's own wx.showModal / wx.showToast do not validate. A failure carries an errMsg of the form
 * `method:fail reason` (R8.19) naming the parameter, the expected type and the wrong value (R8.18).
 */
import { isColor } from './validate'

/** What a failed helper call rejects with (or, for the synchronous storage helpers, throws). */
export class ParameterError extends Error {
  readonly errMsg: string
  constructor(errMsg: string) {
    super(errMsg)
    this.name = 'ParameterError'
    this.errMsg = errMsg
  }
}

/** String, Number, Null, Undefined, Boolean, Object, Array, Function… */
export function typeName(value: unknown): string {
  if (value === null) return 'Null'
  if (Array.isArray(value)) return 'Array'
  const t = typeof value
  return t.charAt(0).toUpperCase() + t.slice(1)
}

function shown(value: unknown): string {
  if (typeof value === 'function') return 'function'
  if (value === undefined) return 'undefined'
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what JSON cannot show (a symbol) shows as String() does
    return JSON.stringify(value) ?? String(value)
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a circular object: its [object Object] is all there is
    return String(value)
  }
}

/** `showModal:fail parameter error: parameter.title should be String instead of Number (3)` */
export function typeError(method: string, para: string, correct: string, wrong: unknown): ParameterError {
  return new ParameterError(
    `${method}:fail parameter error: parameter.${para} should be ${correct} instead of ${typeName(wrong)} (${shown(wrong)})`
  )
}

/** Checks that each named field of `options` is a string; the first that is not gives the error. */
export function requireStrings(
  method: string,
  options: Record<string, unknown>,
  fields: readonly string[]
): ParameterError | null {
  for (const field of fields) {
    if (typeof options[field] !== 'string') return typeError(method, field, 'String', options[field])
  }
  return null
}

/** Button texts: at most 8 units, a Chinese (full-width) character counting 2 — 4 Chinese characters (R5.20). */
export const BUTTON_TEXT_UNITS = 8

export function textUnits(text: string): number {
  return text.replace(/[\u0391-\uFFE5]/g, 'aa').length
}

export function buttonTextError(method: string, para: string, text: string): ParameterError | null {
  if (textUnits(text) <= BUTTON_TEXT_UNITS) return null
  return new ParameterError(
    `${method}:fail parameter error: parameter.${para} length should not be larger than 4 Chinese characters (${shown(text)})`
  )
}

/** A colour is a 6-digit hex with a leading # (R1.25, isColor). */
export function colourError(method: string, para: string, colour: string): ParameterError | null {
  if (isColor(colour)) return null
  return new ParameterError(
    `${method}:fail parameter error: parameter.${para} should be a 6-digit hex colour with # instead of ${shown(colour)}`
  )
}
