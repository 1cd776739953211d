import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

type Compile<F> = (routeSchema: unknown) => F;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify's own schema compilers, run on a route's first request instead of at start: a server with a few
 * hundred schema-described routes otherwise spends most of its start compiling validators and serialisers
 * that a given process may never need. Same compilers, same behaviour, only later.
 */
export function lazyCompilers(): Factories {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const factories = {
    buildValidator(external: unknown, options: unknown) {
      const compile = validators(external as never, options as never) as unknown as Compile<Validate>;
      return (routeSchema: unknown) => {
        let fn: Validate | undefined;
        const lazy: Validate = (data) => {
          fn ??= compile(routeSchema);
          const r = fn(data);
          lazy.errors = fn.errors;
          return r;
        };
        return lazy;
      };
    },
    buildSerializer(external: unknown, options: unknown) {
      const compile = serializers(external as never, options as never) as unknown as Compile<(d: unknown) => string>;
      return (routeSchema: unknown) => {
        let fn: ((d: unknown) => string) | undefined;
        return (data: unknown) => {
          fn ??= compile(routeSchema);
          return fn(data);
        };
      };
    },
  };
  return factories as unknown as Factories;
}
