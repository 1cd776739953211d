import type { paths } from './schema';

/**
 * Types of the API taken from web/src/api/schema.d.ts, which `npm run gen:types` generates from the server's
 * OpenAPI document (openapi-typescript): a page types an answer by its route, not by a copy of the server's type.
 *   type Timeline = ApiData<'/api-manage/maintaintask/steps'>;
 *   type Dispatch = ApiBody<'/api-manage/maintaintask/dispatch'>;
 */
export type ApiPath = keyof paths;
type Method = 'get' | 'post';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/**
 * An answer as it arrives: every property its schema names is there (the route's serializer writes what the
 * handler gives, and the handlers give each one, null where it has no value); a schema's optional mark only
 * says the schema lists no `required`.
 */
export type Sent<T> = T extends readonly (infer E)[]
  ? Sent<E>[]
  : T extends object
    ? { [K in keyof T]-?: Sent<Exclude<T[K], undefined>> }
    : T;

/** The `data` of a route's success envelope. */
export type ApiData<P extends ApiPath, M extends Method = 'get'> = Sent<
  NonNullable<Json<Operation<P, M>['responses'][200]> extends { data?: infer D } ? D : never>
>;

/** The JSON body a route takes. */
export type ApiBody<P extends ApiPath, M extends Method = 'post'> = Json<NonNullable<Operation<P, M>['requestBody']>>;

/** The query parameters a route takes. */
export type ApiQuery<P extends ApiPath, M extends Method = 'get'> = NonNullable<Operation<P, M>['parameters']['query']>;
