import { OpenAPIObject } from '@nestjs/swagger';

/**
 * The published names of the component schemas, decided here once for every module: the DTO class
 * name without its `Dto` suffix, and a response without its `Response` suffix (`AccountResponseDto`
 * is `Account`, `CreatePaymentRequestDto` is `CreatePaymentRequest`, `PaymentPageDto` is
 * `PaymentPage`, `ErrorResponseDto` is `Error`). The exceptions below are where that rule reads badly
 * or two classes would get one name. Generated clients name their types after these, so a name, once
 * published, stays.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // `Login` would read as the request.
  LoginResponseDto: 'LoginResponse',
  // What the deletion and the closure answer, named like DeletedWebhookEndpoint.
  DeleteUserResponseDto: 'DeletedUser',
  CloseAccountResponseDto: 'AccountClosure',
  // The customer of a new payment request; `PaymentCustomer` is the one a payment request shows.
  PaymentCustomerDto: 'PaymentCustomerRequest',
  // Where a new payout goes (the full IBAN); `PayoutDestination` is what a payout shows (its last four characters).
  PayoutDestinationDto: 'PayoutDestinationRequest',
};

export function publishedSchemaName(className: string): string {
  return EXCEPTIONS[className] ?? className.replace(/Dto$/, '').replace(/(?<=.)Response$/, '');
}

const SCHEMA_REF = '#/components/schemas/';

/** Renames the component schemas to their published names, and every reference to them. */
export function nameSchemas(document: OpenAPIObject): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const renamed: typeof schemas = {};
  const classOf = new Map<string, string>();
  for (const [className, schema] of Object.entries(schemas)) {
    const name = publishedSchemaName(className);
    const other = classOf.get(name);
    if (other !== undefined) throw new Error(`the schemas ${other} and ${className} would both be published as ${name}: name one in schema-names.ts`);
    classOf.set(name, className);
    renamed[name] = schema;
  }
  document.components!.schemas = renamed;
  renameReferences(document);
}

/** Every `$ref` (and discriminator mapping) that names a component schema, wherever it is. */
function renameReferences(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) renameReferences(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
      record[key] = SCHEMA_REF + publishedSchemaName(value.slice(SCHEMA_REF.length));
    } else if (key === 'mapping' && typeof value === 'object' && value !== null) {
      const mapping = value as Record<string, unknown>;
      for (const [name, target] of Object.entries(mapping)) {
        if (typeof target === 'string' && target.startsWith(SCHEMA_REF)) mapping[name] = SCHEMA_REF + publishedSchemaName(target.slice(SCHEMA_REF.length));
      }
    } else {
      renameReferences(value);
    }
  }
}
