import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document the app serves (GET /api/docs/json), read as data so the generated suites
 * (tests/integration/generated) cover every operation, including the ones added after them.
 */

/** The part of JSON Schema (OpenAPI 3.0 flavour) the contracts produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type OperationParam = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
};

/** One operation of the document: `id` is "METHOD /path/{param}", as the document names it. */
export type Operation = {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  params: OperationParam[];
  body: { required: boolean; schema: JsonSchema } | null;
  /** The status codes the operation declares. */
  responses: number[];
};

type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type RawOperation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The operations of the app's OpenAPI document (the app must be ready), in document order. */
export function listOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema => resolveRefs(schema ?? {}, document, 0);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method.toLowerCase()] as RawOperation | undefined;
      if (!raw) continue;
      const params: OperationParam[] = [];
      for (const p of raw.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        params.push({ name: p.name, in: p.in, required: p.required === true, schema: resolve(p.schema) });
      }
      const json = raw.requestBody?.content?.['application/json']?.schema;
      operations.push({
        id: `${method} ${path}`,
        method,
        path,
        summary: raw.summary ?? '',
        params,
        body: json ? { required: raw.requestBody?.required === true, schema: resolve(json) } : null,
        responses: Object.keys(raw.responses ?? {})
          .map(Number)
          .filter((n) => Number.isInteger(n)),
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema, document: OpenApiDocument, depth: number): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveRefs(document.components?.schemas?.[name] ?? {}, document, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, document, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolveRefs(schema.items, document, depth + 1);
  if (typeof schema.additionalProperties === 'object') {
    out.additionalProperties = resolveRefs(schema.additionalProperties, document, depth + 1);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((s) => resolveRefs(s, document, depth + 1));
  }
  return out;
}

/** Where a field of a request lives: `path.userUuid`, `query.levelUuid`, `body.agencyUuid`, `body.items[].id`. */
export type FieldKey = string;

export type IdField = {
  key: FieldKey;
  name: string;
  location: 'path' | 'query' | 'body';
  /** Property names from the body's root; '[]' steps into an array's items. */
  pointer: string[];
  required: boolean;
  schema: JsonSchema;
};

/**
 * Names that carry an id: `id`, `uuid`, and any camel-case name ending in Id, Uuid, Ids or Uuids
 * (levelUuid, agencyUuid, userId, assignmentId, planId, workbookId ...).
 */
export const ID_LIKE_NAME = /^(ids?|uuids?)$|[a-z0-9](Id|ID|Uuid|UUID)s?$/;

const isUuidSchema = (schema: JsonSchema): boolean =>
  schema.format === 'uuid' || (schema.items !== undefined && isUuidSchema(schema.items));

/**
 * Every field of an operation that carries an id: an id-like name, or a UUID-formatted value (so an
 * id under another name, such as `subcodeParent`, is found too). Path, query and body, nested objects,
 * array items and the branches of unions.
 */
export function idLikeFields(operation: Operation): IdField[] {
  const fields: IdField[] = [];
  for (const p of operation.params) {
    if (ID_LIKE_NAME.test(p.name) || isUuidSchema(p.schema)) {
      fields.push({
        key: `${p.in}.${p.name}`,
        name: p.name,
        location: p.in,
        pointer: [p.name],
        required: p.required,
        schema: p.schema,
      });
    }
  }
  if (operation.body) collectBodyIds(operation.body.schema, [], true, fields);
  const seen = new Set<string>();
  return fields.filter((f) => (seen.has(f.key) ? false : (seen.add(f.key), true)));
}

function collectBodyIds(schema: JsonSchema, pointer: string[], required: boolean, out: IdField[]): void {
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    collectBodyIds(branch, pointer, required, out);
  }
  if (schema.items) collectBodyIds(schema.items, [...pointer, '[]'], required, out);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const here = [...pointer, name];
    const isRequired = required && (schema.required ?? []).includes(name);
    if (ID_LIKE_NAME.test(name) || isUuidSchema(property)) {
      out.push({
        key: `body.${here.join('.')}`,
        name,
        location: 'body',
        pointer: here,
        required: isRequired,
        schema: property,
      });
    }
    collectBodyIds(property, here, isRequired, out);
  }
}

export const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * A value the schema accepts, built without guessing at meaning: the default or first enum value
 * when there is one, otherwise the smallest value of its type (required object properties only).
 * What the contracts check beyond the schema (an e-mail, a date range, a record that must exist) is
 * what a recipe supplies.
 */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sampleValue(branch);
  if (schema.allOf) {
    return schema.allOf.reduce<Record<string, unknown>>((merged, part) => {
      const value = sampleValue(part);
      return typeof value === 'object' && value !== null ? { ...merged, ...value } : merged;
    }, {});
  }
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) value[name] = sampleValue(property);
      }
      return value;
    }
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0
        ? Array.from({ length: schema.minItems ?? 1 }, () => sampleValue(schema.items!))
        : [];
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return false;
    default:
      return sampleString(schema);
  }
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const exclusive = schema.exclusiveMinimum === true;
  let value =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + 1
      : schema.minimum !== undefined
        ? schema.minimum + (exclusive ? 1 : 0)
        : 1;
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'email') return `sample-${randomUUID().slice(0, 8)}@example.test`;
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test/';
  const length = Math.min(Math.max(schema.minLength ?? 1, 6), schema.maxLength ?? 6);
  return 'sample'.padEnd(length, 'x').slice(0, length);
}

/** Reads the value at a body pointer ('[]' reads the first item). */
export function getAt(root: unknown, pointer: readonly string[]): unknown {
  let node: unknown = root;
  for (const step of pointer) {
    if (node === null || typeof node !== 'object') return undefined;
    node = step === '[]' ? (node as unknown[])[0] : (node as Record<string, unknown>)[step];
  }
  return node;
}

/** Sets the value at a body pointer, creating objects and one-item arrays on the way. */
export function setAt(root: Record<string, unknown>, pointer: readonly string[], value: unknown): void {
  type Container = Record<string, unknown> | unknown[];
  const write = (container: Container, step: string, v: unknown) => {
    if (Array.isArray(container)) container[step === '[]' ? 0 : Number(step)] = v;
    else container[step] = v;
  };
  const read = (container: Container, step: string): unknown =>
    Array.isArray(container) ? container[step === '[]' ? 0 : Number(step)] : container[step];
  let node: Container = root;
  for (const [i, step] of pointer.entries()) {
    if (i === pointer.length - 1) {
      write(node, step, value);
      return;
    }
    const existing = read(node, step);
    const child: Container =
      existing !== null && typeof existing === 'object'
        ? (existing as Container)
        : pointer[i + 1] === '[]'
          ? []
          : {};
    write(node, step, child);
    node = child;
  }
}

/** The URL of an operation with its path parameters encoded and its query string. */
export function operationUrl(
  operation: Pick<Operation, 'path'>,
  path: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string | readonly string[]>>,
  encodePath: (value: string) => string = encodeURIComponent,
): string {
  const pathname = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodePath(path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of typeof value === 'string' ? [value] : value) search.append(name, v);
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** A request to an operation, before it becomes a URL. */
export type RequestParts = {
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
};

/** The smallest request the schemas accept: required path and query parameters, and the body. */
export function sampleRequest(operation: Operation): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, body: undefined };
  for (const p of operation.params) {
    if (p.in === 'path') parts.path[p.name] = String(sampleValue(p.schema));
    else if (p.required) parts.query[p.name] = String(sampleValue(p.schema));
  }
  if (operation.body) parts.body = sampleValue(operation.body.schema);
  return parts;
}
