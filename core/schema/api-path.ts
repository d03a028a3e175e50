/** The names of the `:param` segments of a route pattern, e.g. '/a/:vehicleId/wash/:washId' → 'vehicleId' | 'washId'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One REST path, written once: the server registers `pattern` (Fastify's `:param` syntax) and the
 * client builds the same path with `build`, each value URI-encoded. A missing parameter is a type error.
 */
export interface ApiPath<P extends string> {
  readonly pattern: P;
  build(params: Record<PathParams<P>, string>): string;
}

export function apiPath<P extends string>(pattern: P): ApiPath<P> {
  return {
    pattern,
    build(params) {
      const values = params as Record<string, string>;
      return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined || value === '') throw new Error(`${pattern}: no value for :${name}`);
        return encodeURIComponent(value);
      });
    },
  };
}
