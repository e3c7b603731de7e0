import { Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { usePageInterval } from '@/hooks/use-page-interval'
import { buttonProps, choiceProps, dialogProps, radioGroupProps, switchProps } from '@/platform/a11y'
import { showToast } from '@/ui/overlay'
import {
  AREAS,
  BLOCK_WORDS_MAX,
  FONT_SIZES,
  MAX_ON_SCREEN,
  OPACITY_MAX,
  OPACITY_MIN,
  SPEEDS as DANMAKU_SPEEDS,
  danmakuSettings
} from '@/packageA/components/danmaku/settings'
import { checkBlockWord } from '@/packageA/components/danmaku/block-word'
import { SPEEDS, speedLabel, type QualityOption } from './quality'
import { Range } from './range'
import './menus.scss'

/**
 * The player's menus, drawn inside the player (so they work in full screen): 清晰度, 倍速 and the 弹幕设置 panel with
 * its 屏蔽词 list. On the web they are their own chunk, loaded when first opened (menus-loader.h5.ts); the
 * mini-program has them in package A.
 */
function Sheet({
  title,
  className,
  onClose,
  children
}: {
  title: string
  className: string
  onClose: () => void
  children: React.ReactNode
}) {
  return (
    <View className={`player-menu ${className}`} {...dialogProps(title)} onClick={(e) => e.stopPropagation()}>
      <View className='player-menu__head'>
        <Text className='player-menu__title'>{title}</Text>
        <Text className='player-menu__close' {...buttonProps('关闭')} onClick={onClose}>
          ×
        </Text>
      </View>
      <View className='player-menu__body'>{children}</View>
    </View>
  )
}

export function QualityMenu({
  options,
  current,
  onChoose,
  onClose
}: {
  options: QualityOption[]
  current: number
  onChoose: (height: number) => void
  onClose: () => void
}) {
  return (
    <Sheet title='清晰度' className='player-menu--quality' onClose={onClose}>
      {options.map((o) => (
        <View
          key={o.height}
          className={`player-menu__item${o.height === current ? ' player-menu__item--on' : ''}`}
          data-height={o.height}
          {...choiceProps(o.height === current)}
          onClick={() => onChoose(o.height)}
        >
          {o.label}
        </View>
      ))}
    </Sheet>
  )
}

export function SpeedMenu({
  rate,
  onChoose,
  onClose
}: {
  rate: number
  onChoose: (rate: number) => void
  onClose: () => void
}) {
  return (
    <Sheet title='倍速' className='player-menu--speed' onClose={onClose}>
      {[...SPEEDS].reverse().map((r) => (
        <View
          key={r}
          className={`player-menu__item${r === rate ? ' player-menu__item--on' : ''}`}
          data-rate={r}
          {...choiceProps(r === rate)}
          onClick={() => onChoose(r)}
        >
          {r === 1 ? '1.0x 正常' : speedLabel(r)}
        </View>
      ))}
    </Sheet>
  )
}

/** 更多: 画中画 (where the browser has it) and 播放信息. */
export function MoreMenu({
  pip,
  onPip,
  onInfo,
  onClose
}: {
  pip: 'none' | 'off' | 'on'
  onPip: () => void
  onInfo: () => void
  onClose: () => void
}) {
  return (
    <Sheet title='更多' className='player-menu--more' onClose={onClose}>
      {pip !== 'none' && (
        <View
          className='player-menu__item player__pip'
          {...buttonProps()}
          aria-pressed={pip === 'on' ? 'true' : 'false'}
          onClick={onPip}
        >
          {pip === 'on' ? '退出画中画' : '画中画'}
        </View>
      )}
      <View className='player-menu__item player__info' {...buttonProps()} onClick={onInfo}>
        播放信息
      </View>
    </Sheet>
  )
}

/** 播放信息: latency, 清晰度, buffer, dropped frames … read again every second while open and its page shown. */
export function InfoPanel({ read, onClose }: { read: () => { label: string; value: string }[]; onClose: () => void }) {
  const [rows, setRows] = useState(read)
  usePageInterval(() => setRows(read()), 1000)
  return (
    <Sheet title='播放信息' className='player-menu--info' onClose={onClose}>
      {rows.map((r) => (
        <View key={r.label} className='player-info__row' data-info={r.label}>
          <Text className='player-info__label'>{r.label}</Text>
          <Text className='player-info__value'>{r.value}</Text>
        </View>
      ))}
    </Sheet>
  )
}

/** One row of choices (字号, 显示区域 …). */
function Choices<T extends string | number>({
  label,
  name,
  options,
  value,
  onChoose
}: {
  label: string
  name: string
  options: { value: T; label: string }[]
  value: T
  onChoose: (v: T) => void
}) {
  return (
    <View className='danmaku-panel__row'>
      <Text className='danmaku-panel__label'>{label}</Text>
      <View className='danmaku-panel__choices' {...radioGroupProps(label)} data-setting={name}>
        {options.map((o) => (
          <Text
            key={String(o.value)}
            className={`danmaku-panel__choice${o.value === value ? ' danmaku-panel__choice--on' : ''}`}
            data-value={String(o.value)}
            {...choiceProps(o.value === value)}
            onClick={() => onChoose(o.value)}
          >
            {o.label}
          </Text>
        ))}
      </View>
    </View>
  )
}

function Switch({
  label,
  name,
  on,
  onChange
}: {
  label: string
  name: string
  on: boolean
  onChange: (on: boolean) => void
}) {
  return (
    <View className='danmaku-panel__row'>
      <Text className='danmaku-panel__label'>{label}</Text>
      <View
        className={`danmaku-panel__switch${on ? ' danmaku-panel__switch--on' : ''}`}
        data-setting={name}
        {...switchProps(on, label)}
        onClick={() => onChange(!on)}
      >
        <View className='danmaku-panel__knob' />
      </View>
    </View>
  )
}

/** 屏蔽词: the list with each word's remove button, and a box to add one (a word, or /regex/). */
const BlockWords = observer(function BlockWords() {
  const [text, setText] = useState('')
  const words = danmakuSettings.settings.blockWords
  const add = () => {
    const error = danmakuSettings.addBlockWord(text, checkBlockWord)
    if (error) void showToast(error)
    else setText('')
  }
  return (
    <View className='danmaku-panel__block'>
      <View className='danmaku-panel__row'>
        <Text className='danmaku-panel__label'>屏蔽词</Text>
        <Text className='danmaku-panel__count'>
          {words.length}/{BLOCK_WORDS_MAX}
        </Text>
      </View>
      <View className='danmaku-panel__add'>
        <Input
          className='danmaku-panel__input'
          value={text}
          placeholder='输入屏蔽词，/正则/ 也可以'
          maxlength={60}
          confirmType='done'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={add}
        />
        <Text className='danmaku-panel__add-btn' {...buttonProps('添加屏蔽词')} onClick={add}>
          添加
        </Text>
      </View>
      {words.length ? (
        <View className='danmaku-panel__words'>
          {words.map((w) => (
            <View key={w} className='danmaku-panel__word' data-word={w}>
              <Text className='danmaku-panel__word-text'>{w}</Text>
              <Text
                className='danmaku-panel__word-remove'
                {...buttonProps(`删除屏蔽词 ${w}`)}
                onClick={() => danmakuSettings.removeBlockWord(w)}
              >
                ×
              </Text>
            </View>
          ))}
        </View>
      ) : (
        <Text className='danmaku-panel__hint'>含屏蔽词的弹幕和聊天不再显示，自己发的除外</Text>
      )}
    </View>
  )
})

export const DanmakuPanel = observer(function DanmakuPanel({ onClose }: { onClose: () => void }) {
  const s = danmakuSettings.settings
  const set = danmakuSettings.update.bind(danmakuSettings)
  return (
    <Sheet title='弹幕设置' className='player-menu--danmaku danmaku-panel' onClose={onClose}>
      <Switch label='弹幕开关' name='on' on={s.on} onChange={(on) => set({ on })} />
      <View className='danmaku-panel__row'>
        <Text className='danmaku-panel__label'>不透明度</Text>
        <Range
          className='danmaku-panel__range'
          label='不透明度'
          min={OPACITY_MIN}
          max={OPACITY_MAX}
          step={5}
          value={s.opacity}
          onChange={(opacity) => set({ opacity })}
        />
        <Text className='danmaku-panel__value'>{s.opacity}%</Text>
      </View>
      <Choices
        label='字号'
        name='fontSize'
        options={FONT_SIZES}
        value={s.fontSize}
        onChoose={(fontSize) => set({ fontSize })}
      />
      <Choices label='显示区域' name='area' options={AREAS} value={s.area} onChoose={(area) => set({ area })} />
      <Choices
        label='弹幕速度'
        name='speed'
        options={DANMAKU_SPEEDS}
        value={s.speed}
        onChoose={(speed) => set({ speed })}
      />
      <Choices
        label='同屏数量'
        name='maxOnScreen'
        options={MAX_ON_SCREEN}
        value={s.maxOnScreen}
        onChoose={(maxOnScreen) => set({ maxOnScreen })}
      />
      <Switch label='合并重复弹幕' name='merge' on={s.merge} onChange={(merge) => set({ merge })} />
      <BlockWords />
    </Sheet>
  )
})
