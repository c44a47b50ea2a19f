import { OpenAPIObject } from '@nestjs/swagger';
import { operations, takeExtension } from '../common/swagger/openapi';
import { OPENAPI_PUBLIC_EXTENSION } from './decorators/public.decorator';

/** Operations marked @Public() need no token (or, for optional authentication, may send one). */
export function documentPublicOperations(document: OpenAPIObject): void {
  for (const operation of operations(document)) {
    const mode = takeExtension(operation, OPENAPI_PUBLIC_EXTENSION);
    if (mode === undefined) continue;
    operation.security = mode === 'optional' ? [{}, { bearer: [] }] : [];
  }
}
