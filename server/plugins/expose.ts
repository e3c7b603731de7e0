import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify'

/**
 * fastify-plugin's semantics, without the package (it is only a dependency of the @fastify plugins here): the
 * plugin's decorations, hooks and handlers belong to the context that registers it instead of a child of their own.
 * The infrastructure plugins are registered on the root this way, so every route sees them.
 */
export function exposed<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name
  })
}
