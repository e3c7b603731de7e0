// Mini-program runtime half of config/a11y-plugin.ts: the same aria-* attributes the plugin adds to the templates,
// merged into the runtime's component table so props such as `ariaLabel` map onto those template attributes.
import { mergeInternalComponents } from '@tarojs/shared'
import attributes from './a11y-attributes.json'

mergeInternalComponents(attributes)
