import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses serialized by compiled schemas (issue 12): each route's zod response schema is turned into JSON
 * Schema once, at start, and compiled by fast-json-stringify, which writes only the declared properties (so
 * a field a schema does not name, such as a password hash, still never reaches the wire). Validating every
 * response with zod and then JSON.stringify cost a tenth of a list request's CPU. A schema JSON Schema
 * cannot express (a transform, a custom check) keeps fastify-type-provider-zod's zod serializer.
 *
 * Each is compiled when its route first answers, not when the route is registered: compiling all of them
 * was 3 s of CPU before the server listened, 40 % of a restart (issue 32, item 5), mostly for routes a
 * given process never answers.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};

function compile(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  try {
    const schema = route.schema as ZodType;
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  } catch {
    return zodSerializerCompiler(route) as (data: unknown) => string;
  }
}
