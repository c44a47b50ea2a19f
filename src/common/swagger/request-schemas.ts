import { OpenAPIObject } from '@nestjs/swagger';

/** Schema keywords of a whole request body that @nestjs/swagger's decorators cannot write on a class. */
export interface RequestSchemaConstraints {
  /** A PATCH body that must change something: its service refuses `{}` (`400 validation_error`). */
  minProperties?: number;
}

/** Constraints by DTO class name, which is the component schema's name until nameSchemas renames it. */
const constraintsByClass = new Map<string, RequestSchemaConstraints>();

/**
 * Adds keywords to the component schema of a request DTO (ApiSchema takes only a name and a description).
 * They are written when the document is built (completeRequestSchemas).
 */
export const ApiRequestSchema =
  (constraints: RequestSchemaConstraints): ClassDecorator =>
  (target) => {
    constraintsByClass.set(target.name, constraints);
  };

type SchemaNode = Record<string, unknown>;
const SCHEMA_REF = '#/components/schemas/';
/** The keywords whose values are schemas, or lists of schemas, that a request body may reach. */
const SUBSCHEMA_KEYWORDS = ['items', 'allOf', 'anyOf', 'oneOf', 'not'] as const;

/**
 * The request schemas say what the validation pipe enforces of every JSON body (whitelist with
 * forbidNonWhitelisted, applied to nested DTOs too): an object with declared properties takes no other
 * (`additionalProperties: false`). Decided here once, for every body and every object nested in it,
 * instead of per DTO. Free-form objects (metadata, preferences) declare their `additionalProperties` and
 * keep it. Then the constraints of @ApiRequestSchema() are written.
 */
export function completeRequestSchemas(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const closed = new Set<SchemaNode>();
  const close = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || closed.has(node as SchemaNode)) return;
    const schema = node as SchemaNode;
    closed.add(schema);
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith(SCHEMA_REF)) close(schemas[schema.$ref.slice(SCHEMA_REF.length)]);
    const properties = schema.properties as Record<string, unknown> | undefined;
    if (properties !== undefined) {
      if (schema.additionalProperties === undefined) schema.additionalProperties = false;
      for (const property of Object.values(properties)) close(property);
    }
    for (const keyword of SUBSCHEMA_KEYWORDS) {
      const value = schema[keyword];
      for (const subschema of Array.isArray(value) ? value : [value]) close(subschema);
    }
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as { requestBody?: { content?: Record<string, { schema?: unknown }> } }[]) {
      const content = operation?.requestBody?.content ?? {};
      // JSON bodies only: the bank statements' XML and CSV are strings.
      if (content['application/json'] !== undefined) close(content['application/json'].schema);
    }
  }
  for (const [className, constraints] of constraintsByClass) {
    const schema = schemas[className];
    if (schema === undefined) throw new Error(`@ApiRequestSchema() on ${className}, which no operation's document names`);
    Object.assign(schema, constraints);
  }
}
