import type { RangeProps } from './range'

/** H5 variant of range.tsx: a range input (arrows and a screen reader's adjust gestures change it). */
export function Range({ className, label, min, max, step, value, onChange }: RangeProps) {
  return (
    <input
      className={className}
      type='range'
      aria-label={label}
      aria-valuetext={`${value}%`}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  )
}
