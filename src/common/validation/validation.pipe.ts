import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, FieldProblem, validationError } from '../errors/domain-error';
import { immutableFields, jsonObjectFields } from './fields';

/**
 * The global pipe: DTOs are validated and transformed, unknown fields are
 * refused (never silently dropped), and every problem is reported per field.
 */
class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => validationFailure(errors.flatMap((error) => flatten(error, ''))),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A JSON array, string or number where an object is expected; null and an absent body read as {}.
    if (metadata.type === 'body' && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw validationError('body', 'must be a JSON object');
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      checkStrings(value, metadata.type);
      if (isJsonObject(value)) refuseInheritedNames(value);
    }
    if (metadata.type === 'body' && metadata.metatype && isJsonObject(value)) refuseImmutableFields(value, metadata.metatype);
    const rawFields = (metadata.type === 'body' || metadata.type === 'query') && metadata.metatype ? jsonObjectFields(metadata.metatype) : [];
    if (rawFields.length === 0 || !isJsonObject(value)) return super.transform(value, metadata);
    const raw: Record<string, unknown> = {};
    const rest: Record<string, unknown> = { ...value };
    const problems: FieldProblem[] = [];
    for (const { name, check } of rawFields.filter((field) => field.name in rest)) {
      const field = rest[name];
      if (!isJsonObject(field)) problems.push({ field: name, message: 'must be a JSON object' });
      else if (check) problems.push(...check(field, name));
      raw[name] = field;
      delete rest[name];
    }
    const dto: unknown = await super.transform(rest, metadata).catch((error: unknown) => {
      // Report the raw fields' problems together with the others.
      if (error instanceof DomainError && error.code === 'validation_error') problems.push(...(error.details ?? []));
      else throw error;
    });
    if (problems.length > 0) throw validationFailure(problems);
    return Object.assign(dto as object, raw);
  }
}

/**
 * Names of Object.prototype's members (constructor, __proto__, toString,
 * hasOwnProperty, __defineGetter__...): class-transformer never copies some of
 * them and class-validator's whitelist finds the others on its own lookup
 * object, so neither refuses them. They are refused here like any unknown field.
 */
const PROTOTYPE_MEMBER_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function refuseInheritedNames(value: Record<string, unknown>): void {
  const field = Object.keys(value).find((name) => PROTOTYPE_MEMBER_NAMES.has(name)) ?? (Object.hasOwn(value, '__proto__') ? '__proto__' : undefined);
  if (field !== undefined) throw validationFailure([{ field, message: 'is not an accepted field' }]);
}

function refuseImmutableFields(body: Record<string, unknown>, dtoClass: object): void {
  const field = immutableFields(dtoClass).find((name) => name in body);
  if (field !== undefined) {
    throw new DomainError('immutable_field', `${field} cannot be changed once the resource is created.`, [{ field, message: 'cannot be changed once the resource is created' }]);
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe();
}

const MAX_NESTING = 32;
/** With the u flag a surrogate pair is one code point; a surrogate on its own (not storable as UTF-8) matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Refuses what no field may hold: the NUL character (PostgreSQL cannot store it
 * in text, so it is refused on every database alike), in keys and values, and
 * nesting deeper than MAX_NESTING. Walks without recursion, so a deeply nested
 * body cannot exhaust the stack.
 */
function checkStrings(root: unknown, rootName: string): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw validationError(path || rootName, 'must not contain the NUL character (U+0000)');
      if (LONE_SURROGATE.test(value)) throw validationError(path || rootName, 'must be well-formed Unicode (no lone surrogates)');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_NESTING) throw validationError(path || rootName, `must not be nested more than ${MAX_NESTING} levels deep`);
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) throw validationError(path || rootName, 'keys must not contain the NUL character (U+0000)');
      if (LONE_SURROGATE.test(key)) throw validationError(path || rootName, 'keys must be well-formed Unicode (no lone surrogates)');
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
}

function validationFailure(details: FieldProblem[]): DomainError {
  const summary = details.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  return new DomainError('validation_error', summary || 'The request is not valid.', details);
}

function flatten(error: ValidationError, parentPath: string): FieldProblem[] {
  const field = parentPath ? `${parentPath}.${error.property}` : error.property;
  const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
    field,
    message: constraint === 'whitelistValidation' ? 'is not an accepted field' : stripPropertyName(message, error.property),
  }));
  return [...own, ...(error.children ?? []).flatMap((child) => flatten(child, field))];
}

/** class-validator prefixes messages with the property name; the field is reported separately. */
function stripPropertyName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
