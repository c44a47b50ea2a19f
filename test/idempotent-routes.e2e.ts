import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IDEMPOTENT_ROUTE, idempotentCommitOf } from '../src/idempotency/idempotent.decorator';
import { useTestApp } from './support/test-app';

type Handler = (...args: unknown[]) => unknown;
/** A controller class, whatever its constructor takes. */
type ControllerClass = abstract new (...args: never[]) => unknown;

/** Every controller method of the application, as `Class.method`. */
function controllerHandlers(modules: ModulesContainer): { name: string; controller: ControllerClass; handler: Handler }[] {
  return [...modules.values()].flatMap((module) =>
    [...module.controllers.values()].flatMap(({ metatype }) => {
      const prototype = (metatype as ControllerClass).prototype as Record<string, unknown>;
      return Object.getOwnPropertyNames(prototype)
        .filter((method) => method !== 'constructor' && typeof prototype[method] === 'function')
        .map((method) => ({ name: `${(metatype as ControllerClass).name}.${method}`, controller: metatype as ControllerClass, handler: prototype[method] as Handler }));
    }),
  );
}

function passesIdempotentCommit(controller: ControllerClass, handler: Handler): boolean {
  const parameters: Record<string, { factory?: unknown }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {};
  return Object.values(parameters).some((parameter) => parameter.factory === idempotentCommitOf);
}

describe('idempotent routes', () => {
  const t = useTestApp();

  it('hand @IdempotentCommit() to their service, so that the answer commits with the resource', () => {
    const idempotent = controllerHandlers(t.app.get(ModulesContainer)).filter(({ handler }) => Reflect.getMetadata(IDEMPOTENT_ROUTE, handler) === true);
    assert.deepEqual(idempotent.map(({ name }) => name).sort(), [
      'AccountsController.create',
      'PaymentsController.create',
      'PayoutsController.create',
      'RefundsController.create',
      'TransactionsController.create',
      'TransactionsController.reverse',
      'UsersController.create',
    ]);
    const missing = idempotent.filter(({ controller, handler }) => !passesIdempotentCommit(controller, handler)).map(({ name }) => name);
    assert.deepEqual(missing, [], 'an @Idempotent() handler without @IdempotentCommit() stores its answer only after its commit');
  });
});
