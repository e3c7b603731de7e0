import path from 'path'
import type { IPluginContext, TaroPlatformBase } from '@tarojs/service'
import { PLATFORM_TYPE } from '@tarojs/shared'
import attributes from '../src/platform/a11y-attributes.json'
import videoEvents from '../src/platform/video-events.json'

/**
 * Mini-program accessibility attributes (docs/accessibility.md). WeChat reads `aria-role`, `aria-label`,
 * `aria-hidden`, `aria-selected` and `aria-checked` on its components, but Taro's generated templates carry only the
 * attributes it knows, so `ariaLabel` on an `<Image>` would never reach the `<image>`. This adds the attributes of
 * src/platform/a11y-attributes.json to the templates (compile time) and, through src/platform/a11y-runtime.ts, to the
 * runtime's component table, so both sides agree on each attribute's slot. H5 needs none of it.
 * The same way it gives `<video>` the long-press and touch-end events Taro's template leaves out
 * (src/platform/video-events.json): the player plays at 2x while a long press is held.
 */
export default function a11yPlugin(ctx: IPluginContext) {
  ctx.registerMethod({
    name: 'onSetupClose',
    fn(platform: TaroPlatformBase) {
      const mini = platform as TaroPlatformBase & {
        template?: { mergeComponents(ctx: IPluginContext, patch: object): void }
      }
      if (platform.platformType !== PLATFORM_TYPE.MINI || !mini.template) return
      mini.template.mergeComponents(ctx, attributes)
      mini.template.mergeComponents(ctx, videoEvents)
      const runtime = path.resolve(__dirname, '../src/platform/a11y-runtime.ts')
      platform.runtimePath = [
        ...(Array.isArray(platform.runtimePath) ? platform.runtimePath : [platform.runtimePath]),
        runtime
      ]
    }
  })
}
