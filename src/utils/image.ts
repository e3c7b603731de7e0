/** Image resizing through the OSS-style query parameter (spec R7.108–R7.110). */
const PARAM = 'x-oss-process'

function withProcess(url: string, ops: string): string {
  if (!url) return ''
  if (/^data:/.test(url)) return url
  const [base, hash = ''] = url.split('#')
  const sep = base.includes('?') ? '&' : '?'
  return `${base}${sep}${PARAM}=image/${ops}${hash ? `#${hash}` : ''}`
}

/** The share preset: resize,h_400 then crop,mid,w_500,h_400 (spec R7.108). */
export function shareImage(url: string): string {
  return withProcess(url, 'resize,h_400/crop,mid,w_500,h_400')
}

/** Attached images take a !width_height suffix (spec R7.109). */
export function attachedImage(url: string, width: number, height: number): string {
  if (!url) return ''
  return `${url.replace(/![0-9]+_[0-9]+$/, '')}!${Math.round(width)}_${Math.round(height)}`
}

/** Uploaded images: resize,w_N/crop,mid,w_N,h_M (spec R7.110). */
export function uploadedImage(url: string, width: number, height: number): string {
  const w = Math.round(width)
  const h = Math.round(height)
  return withProcess(url, `resize,w_${w}/crop,mid,w_${w},h_${h}`)
}
