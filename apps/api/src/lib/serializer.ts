import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are serialized by fast-json-stringify, compiled once per route and status from the
 * route's zod response schema (converted with z.toJSONSchema), instead of a zod parse and a
 * JSON.stringify on every answer: docs/decisions/016-cpu-per-request.md.
 *
 * - Unknown keys are dropped, as zod's strip does; missing required keys fail the request.
 * - A schema that has no JSON Schema form (a transform in an output) keeps the zod serializer.
 * - `check` (every environment but production: tests, development, the browser journeys) also
 *   runs the zod serializer and fails the response when the two answers differ (as JSON values:
 *   fast-json-stringify writes required keys before optional ones), so the whole API suite
 *   proves the compiled serializers answer exactly what the contract says.
 */
export function compiledSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (routeSchema) => {
    const viaZod = zodSerializerCompiler(routeSchema) as (data: unknown) => string;
    const json = serializerJsonSchema(routeSchema.schema as z.ZodType);
    if (!json) return viaZod;
    const stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
    if (!options.check) return stringify;
    const where = `${routeSchema.method} ${routeSchema.url}`;
    return (data: unknown) => {
      const expected = viaZod(data);
      const actual = stringify(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${where} answered ${actual.slice(0, 300)} where the contract says ${expected.slice(0, 300)}`,
        );
      }
      return actual;
    };
  };
}

type JsonSchema = Record<string, unknown>;

/** The JSON Schema fast-json-stringify compiles for a zod response schema, or null. */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      // Re-used sub-schemas are inlined: fast-json-stringify needs no $ref resolution then.
      reused: 'inline',
      cycles: 'throw',
      override: (ctx) => {
        const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
        if (def.type === 'date') {
          ctx.jsonSchema.type = 'string';
          ctx.jsonSchema.format = 'date-time';
        } else {
          // fast-json-stringify rewrites strings with a date format: a string goes out as given.
          delete ctx.jsonSchema.format;
        }
      },
    }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  return simplify(json);
}

const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not'] as const;
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const STRUCTURE_KEYS = ['const', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'format'];

/**
 * Turns zod's `anyOf` of a type and null into what fast-json-stringify serializes without running
 * a validator per value: `type: [t, 'null']` for primitives, `nullable: true` otherwise (an object
 * schema given null would otherwise write `{}`).
 */
function simplify(node: unknown): JsonSchema {
  const schema = node as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.properties && typeof schema.properties === 'object') {
    const props = schema.properties as Record<string, unknown>;
    for (const key of Object.keys(props)) props[key] = simplify(props[key]);
  }
  for (const key of SUBSCHEMA_KEYS) {
    if (schema[key] && typeof schema[key] === 'object') schema[key] = simplify(schema[key]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map(simplify);
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (!anyOf) return schema;
  const primitiveOnly = (s: JsonSchema) =>
    typeof s.type === 'string' && PRIMITIVES.has(s.type) && !STRUCTURE_KEYS.some((k) => k in s);
  if (anyOf.every(primitiveOnly)) {
    const { anyOf: _drop, ...rest } = schema;
    return { ...rest, type: [...new Set(anyOf.map((s) => s.type as string))] };
  }
  const others = anyOf.filter((s) => s.type !== 'null');
  if (others.length === 1 && others.length < anyOf.length) {
    const { anyOf: _drop, ...rest } = schema;
    return { ...rest, ...others[0], nullable: true };
  }
  return schema;
}
