/** A route's hooks of one kind as a list (Fastify takes one function or an array). */
export const hooksOf = <T>(hooks: T | readonly T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? [...hooks] : [hooks as T];
