import { Slider } from '@tarojs/components'

/** A value on a scale (不透明度). Mini-program: WeChat's `<slider>`; range.h5.tsx is the web's range input. */
export interface RangeProps {
  className?: string
  label: string
  min: number
  max: number
  step: number
  value: number
  onChange: (value: number) => void
}

export function Range({ className, label, min, max, step, value, onChange }: RangeProps) {
  return (
    <Slider
      className={className}
      ariaLabel={label}
      min={min}
      max={max}
      step={step}
      value={value}
      activeColor='#ff8300'
      blockSize={20}
      onChange={(e) => onChange(Number(e.detail.value))}
    />
  )
}
