export { registerSandboxScripts } from './sandbox'
