// Mini-program runtime half of config/a11y-plugin.ts: the same aria-* attributes the plugin adds to the templates,
// merged into the runtime's component table so props such as `ariaLabel` map onto those template attributes.
import { mergeInternalComponents } from '@tarojs/shared'
import attributes from './a11y-attributes.json'
import videoEvents from './video-events.json'

mergeInternalComponents(attributes)
// and <video>'s long press and touch end, which the player's 2x hold listens to (config/a11y-plugin.ts)
mergeInternalComponents(videoEvents)
