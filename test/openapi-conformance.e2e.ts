import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { readInstant } from '../src/common/validation/instant';
import { ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectStatus, login, loginAdmin, LoggedIn, registerAndLogin, STRONG_PASSWORD } from './support/factories';
import { committedOpenApi } from './support/openapi-document';
import { resolved, Schema, SchemaResolver, validValue, violationsOf } from './support/schema-arbitrary';
import { useTestApp } from './support/test-app';

/*
 * docs/openapi.json against the running server, operation by operation: requests that the document calls
 * valid (query, header and JSON body drawn from its schemas, path ids of real fixtures) must not be refused
 * with `400 validation_error`; requests it calls invalid (one rule broken) must not be accepted; and every
 * answer must have a status the operation documents and a body its schema describes. Each generated
 * request is checked with ajv first, so the verdict is the document's, not the generator's.
 *
 * What the schemas cannot say (rules across fields, values only the server hands out) is in followRules
 * below, each rule with the words of the description that says it; valid requests follow them. Budget:
 * VALID_PER_OPERATION + INVALID_PER_OPERATION requests per operation from a fixed seed; each test's
 * diagnostic line gives what it sent and how the valid requests were answered.
 */

const SEED = 36;
const VALID_PER_OPERATION = 20;
const INVALID_PER_OPERATION = 10;
/** Operations whose every request needs a fresh login or a new account (a password hash or two): fewer requests. */
const COSTLY_BUDGET = { valid: 8, invalid: 4 };

/** Operations not driven here, each with the reason. */
const NOT_DRIVEN: Readonly<Record<string, string>> = {
  // Its body is a camt.053 / CSV file (schema `type: string`); test/bank-statements.e2e.ts drives its formats.
  importBankStatement: 'the body is a bank statement file, which a JSON schema does not describe',
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The amount of the payment requests the fixtures create (and authorize, for captures). */
const AUTHORIZED_AMOUNT = 5000;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>>>;
  components: { schemas: Record<string, Schema> };
}

/** A request before its path ids and its caller are known. */
interface DraftRequest {
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

/** What the conformance run needs of the fixtures: callers, and ids to put in paths. */
interface Fixtures {
  owner: LoggedIn & { accountId: string };
  admin: LoggedIn;
  /** Another open account, for transfers. */
  otherAccountId: string;
  ids: Record<string, string>;
}

/** Per operation: who calls it, and which ids its path takes (fresh per request where the request consumes it). */
interface OperationPlan {
  caller?: (fixtures: Fixtures) => Promise<string | undefined>;
  pathIds?: Record<string, (fixtures: Fixtures) => Promise<string>>;
  costly?: boolean;
}

const ownerToken = async (fixtures: Fixtures) => fixtures.owner.token;
const adminToken = async (fixtures: Fixtures) => fixtures.admin.token;

describe('docs/openapi.json against the running server (generated requests)', () => {
  const t = useTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
  const document = committedOpenApi() as unknown as Document;
  const resolve: SchemaResolver = (ref) => {
    const schema = document.components.schemas[ref.replace('#/components/schemas/', '')];
    assert.ok(schema, `unresolved ${ref}`);
    return schema;
  };
  const validators = schemaValidators(document);
  let fixtures: Fixtures;

  const post = async (path: string, body: unknown, token: string, status = 201): Promise<{ id: string } & Record<string, unknown>> => {
    const response = await t.api.post(path, body, { token });
    expectStatus(response, status);
    return response.body;
  };
  const pendingTransaction = async (f: Fixtures) => (await post('/v1/transactions', { type: 'credit', amount: 1000, currency: 'EUR' }, f.owner.token)).id;
  const postedCredit = async (f: Fixtures) => {
    const id = await pendingTransaction(f);
    await post(`/v1/transactions/${id}/post`, undefined, f.admin.token, 200);
    return id;
  };
  const pendingPayment = async (f: Fixtures, captureMethod = 'automatic') =>
    (
      await post(
        '/v1/payments',
        { purpose: 'invoice', amount: AUTHORIZED_AMOUNT, currency: 'EUR', customer: { email: 'grace@example.com' }, capture_method: captureMethod },
        f.owner.token,
      )
    ).id;
  const simulated = async (f: Fixtures, outcome: string, captureMethod = 'automatic') => {
    const id = await pendingPayment(f, captureMethod);
    await post(`/v1/payments/${id}/simulate`, { outcome }, f.owner.token, 200);
    return id;
  };
  const webhookEndpoint = async (f: Fixtures) => (await post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] }, f.owner.token)).id;
  const apiKey = async (f: Fixtures) => (await post('/v1/api_keys', { name: 'Conformance', scopes: ['users:read'] }, f.owner.token)).id;

  const PLANS: Readonly<Record<string, OperationPlan>> = {
    // Every request ends the session it is sent with, or rotates the refresh token it is sent with: a fresh login each.
    invalidateSession: { caller: async (f) => (await login(t.api, f.owner.email, STRONG_PASSWORD)).token, costly: true },
    refreshSession: { caller: async (f) => (await login(t.api, f.owner.email, STRONG_PASSWORD)).refreshToken, costly: true },
    login: { caller: async () => undefined, costly: true },
    // Closes the caller's account: a new owner each.
    closeAccount: { caller: async () => (await accountOwner(t.api)).token, costly: true },
    deleteUser: { pathIds: { user_id: async (f) => (await accountMember(t.api, f.owner.token, f.owner.accountId)).user.id }, caller: adminToken, costly: true },
    createUser: { costly: true },
    // Admins' operations.
    postTransaction: { caller: adminToken, pathIds: { transaction_id: pendingTransaction } },
    reverseTransaction: { caller: adminToken, pathIds: { transaction_id: postedCredit } },
    confirmRefund: { caller: adminToken },
    createPayoutBatch: { caller: adminToken },
    checkLedger: { caller: adminToken },
    // "self or admin": the admin edits the owner's member; admins list every account.
    updateUser: { caller: adminToken },
    listAccounts: { caller: adminToken },
    // A user has one account: a new user each opens one.
    createAccount: { caller: async () => (await registerAndLogin(t.api)).token, costly: true },
    // Requests that consume their resource: a fresh one each.
    cancelTransaction: { pathIds: { transaction_id: pendingTransaction } },
    updateTransaction: { pathIds: { transaction_id: pendingTransaction } },
    capturePayment: { pathIds: { payment_id: (f) => simulated(f, 'authorized', 'manual') } },
    cancelPayment: { pathIds: { payment_id: (f) => pendingPayment(f) } },
    simulatePayment: { pathIds: { payment_id: (f) => pendingPayment(f) } },
    createRefund: { pathIds: { payment_id: (f) => simulated(f, 'succeeded') } },
    deleteWebhookEndpoint: { pathIds: { endpoint_id: webhookEndpoint } },
    revokeApiKey: { pathIds: { api_key_id: apiKey } },
  };

  before(async () => {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const other = await accountOwner(t.api);
    const partial: Fixtures = { owner, admin, otherAccountId: other.accountId, ids: {} };
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const paid = await simulated(partial, 'succeeded');
    const refund = await post(`/v1/payments/${paid}/refunds`, { amount: 100 }, owner.token);
    const events = await t.api.get('/v1/events?limit=1', { token: owner.token });
    expectStatus(events, 200);
    fixtures = {
      ...partial,
      ids: {
        user_id: member.user.id,
        transaction_id: await pendingTransaction(partial),
        payment_id: paid,
        refund_id: refund.id,
        event_id: events.body.data[0].id,
        endpoint_id: await webhookEndpoint(partial),
        api_key_id: await apiKey(partial),
      },
    };
  });

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const name = `${method.toUpperCase()} ${path} (${operation.operationId})`;
      const skipped = NOT_DRIVEN[operation.operationId];
      it(name, { skip: skipped }, async (context) => {
        const plan = PLANS[operation.operationId] ?? {};
        const budget = plan.costly ? COSTLY_BUDGET : { valid: VALID_PER_OPERATION, invalid: INVALID_PER_OPERATION };
        const seed = SEED + hashOf(operation.operationId);
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const drafts = fc.sample(draftArbitrary(parameters, bodySchema, operation.requestBody?.required === true, resolve), { seed, numRuns: budget.valid });
        const mutations = mutationsOf(parameters, bodySchema, resolve);
        const problems: string[] = [];
        const check = validators.forOperation(path, method, operation);
        let sentValid = 0;
        /** How the valid requests were answered: a run where every one is a 404 exercises little. */
        const validStatuses = new Map<number, number>();
        let sentInvalid = 0;

        const send = async (draft: DraftRequest): Promise<{ response: ApiResponse; url: string }> => {
          const url = await urlOf(path, draft.query, parameters, async (parameter) => (plan.pathIds?.[parameter] ?? (async (f: Fixtures) => f.ids[parameter]))(fixtures));
          const token = await (plan.caller ?? ownerToken)(fixtures);
          const response = await t.api.request(method.toUpperCase(), url, draft.body, { token, headers: draft.headers });
          problems.push(...check.response(response).map((problem) => `${method.toUpperCase()} ${shortened(url)} ${shortened(JSON.stringify(draft.body))}: ${problem}`));
          return { response, url };
        };

        for (const generated of drafts) {
          const draft = followRules(operation.operationId, generated, fixtures, plan.caller === adminToken);
          const invalidity = check.request(draft);
          assert.equal(invalidity, null, `the generator made a request the document calls invalid: ${invalidity} ${JSON.stringify(draft)}`);
          const { response, url } = await send(draft);
          sentValid += 1;
          validStatuses.set(response.status, (validStatuses.get(response.status) ?? 0) + 1);
          if ((response.status === 400 && response.body?.error_code === 'validation_error') || response.status >= 500) {
            problems.push(
              `valid request refused: ${method.toUpperCase()} ${shortened(url)} ${shortened(JSON.stringify(draft.body))} -> ${response.status} ${JSON.stringify(response.body?.error_description)}`,
            );
          }
        }

        const bases = fc.sample(draftArbitrary(parameters, bodySchema, true, resolve), { seed: seed + 1, numRuns: budget.invalid });
        const order = fc.sample(fc.shuffledSubarray([...mutations.keys()], { minLength: mutations.length, maxLength: mutations.length }), { seed, numRuns: 1 })[0] ?? [];
        for (const [index, generated] of bases.entries()) {
          if (order.length === 0) break;
          const mutation = mutations[order[index % order.length]];
          const draft = mutation.apply(followRules(operation.operationId, generated, fixtures, plan.caller === adminToken));
          // A mutation the rules or the query string undid (a number is a string in a URL) proves nothing.
          if (check.request(draft) === null) continue;
          const { response, url } = await send(draft);
          sentInvalid += 1;
          if (response.status < 300)
            problems.push(
              `invalid request (${mutation.reason}) accepted: ${method.toUpperCase()} ${shortened(url)} ${shortened(JSON.stringify(draft.body))} -> ${response.status}`,
            );
        }

        const tally = [...validStatuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${count}x${status}`)
          .join(' ');
        context.diagnostic(`${operation.operationId}: ${sentValid} valid (${tally}) and ${sentInvalid} invalid requests sent`);
        assert.deepEqual(problems, [], `${name}:\n${problems.join('\n')}`);
        assert.ok(sentValid > 0, `${name}: no request sent`);
      });
    }
  }
});

/** Generated text can be long: enough of it to recognise the request. */
function shortened(text: string | undefined): string {
  return text === undefined || text.length <= 300 ? String(text) : `${text.slice(0, 300)}...`;
}

/** A stable number from an operation id, so that each operation has its own seed, the same at every run. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

/** Valid requests: each optional query parameter and header now and then, the body as its schema says. */
function draftArbitrary(parameters: Parameter[], bodySchema: Schema | undefined, bodyRequired: boolean, resolve: SchemaResolver): fc.Arbitrary<DraftRequest> {
  const optional = <T>(required: boolean | undefined, arbitrary: fc.Arbitrary<T>) => (required ? arbitrary : fc.option(arbitrary, { nil: undefined, freq: 2 }));
  const query = fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, optional(p.required, validValue(p.schema, resolve))])));
  const headers = fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'header').map((p) => [p.name, optional(p.required, headerValue(resolved(p.schema, resolve)))])));
  const body = bodySchema === undefined ? fc.constant(undefined) : bodyRequired ? validValue(bodySchema, resolve) : fc.option(validValue(bodySchema, resolve), { nil: undefined });
  return fc.record({ query, headers, body }).map(({ query: q, headers: h, body: b }) => ({
    query: definedEntries(q),
    headers: definedEntries(h) as Record<string, string>,
    ...(b === undefined ? {} : { body: b as Record<string, unknown> }),
  }));
}

/** Header values are visible ASCII (an HTTP header takes nothing else, and trims white space at its ends). */
function headerValue(schema: Schema): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:'),
    minLength: schema.minLength ?? 1,
    maxLength: Math.min(schema.maxLength ?? 64, 64),
  });
}

function definedEntries(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** One rule of the document broken in an otherwise valid request. */
interface Mutation {
  reason: string;
  apply(draft: DraftRequest): DraftRequest;
}

function mutationsOf(parameters: Parameter[], bodySchema: Schema | undefined, resolve: SchemaResolver): Mutation[] {
  const mutations: Mutation[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    for (const violation of violationsOf(parameter.schema, resolve).filter((v) => v.value !== null)) {
      mutations.push({ reason: `query ${parameter.name}: ${violation.reason}`, apply: (draft) => ({ ...draft, query: { ...draft.query, [parameter.name]: violation.value } }) });
    }
  }
  for (const parameter of parameters.filter((p) => p.in === 'header')) {
    for (const violation of violationsOf(parameter.schema, resolve).filter((v) => typeof v.value === 'string')) {
      mutations.push({
        reason: `header ${parameter.name}: ${violation.reason}`,
        apply: (draft) => ({ ...draft, headers: { ...draft.headers, [parameter.name]: violation.value as string } }),
      });
    }
  }
  if (bodySchema !== undefined) mutations.push(...bodyMutations(resolved(bodySchema, resolve), resolve, []));
  return mutations;
}

/** Mutations of a body object and of the objects nested in it: an unknown field, a missing required one, each field's violations. */
function bodyMutations(schema: Schema, resolve: SchemaResolver, at: string[]): Mutation[] {
  const mutations: Mutation[] = [];
  const where = at.length === 0 ? 'body' : at.join('.');
  const change = (draft: DraftRequest, edit: (target: Record<string, unknown>) => void): DraftRequest => {
    const body = structuredClone(draft.body ?? {});
    let target: Record<string, unknown> = body;
    for (const key of at) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    edit(target);
    return { ...draft, body };
  };
  if (schema.additionalProperties === false) mutations.push({ reason: `${where}: an undeclared field`, apply: (draft) => change(draft, (target) => (target.nickname = 'Ada')) });
  for (const name of schema.required ?? []) mutations.push({ reason: `${where}: required ${name} left out`, apply: (draft) => change(draft, (target) => delete target[name]) });
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const target = resolved(property, resolve);
    if (target.type === 'object' && target.properties !== undefined) mutations.push(...bodyMutations(target, resolve, [...at, name]));
    for (const violation of violationsOf(property, resolve)) {
      mutations.push({ reason: `${where}.${name}: ${violation.reason}`, apply: (draft) => change(draft, (object) => (object[name] = violation.value)) });
    }
  }
  return mutations;
}

/** The path with its ids, and the query string: arrays as repeated parameters, deepObject as `name[key]=value`. */
async function urlOf(path: string, query: Record<string, unknown>, parameters: Parameter[], idFor: (name: string) => Promise<string>): Promise<string> {
  let url = path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) url = url.replace(`{${parameter.name}}`, encodeURIComponent(await idFor(parameter.name)));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(serializedQuery(query))) {
    for (const item of [value].flat()) search.append(name, item);
  }
  const text = search.toString();
  return text === '' ? url : `${url}?${text}`;
}

/** The query as the server receives it: strings, lists of strings, and `name[key]` entries. */
function serializedQuery(query: Record<string, unknown>): Record<string, string | string[]> {
  const serialized: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) serialized[name] = value.map(String);
    else if (typeof value === 'object' && value !== null) for (const [key, entry] of Object.entries(value)) serialized[`${name}[${key}]`] = String(entry);
    else serialized[name] = String(value);
  }
  return serialized;
}

/** The query as ajv should judge it: deepObject entries folded back into their object. */
function parsedQuery(query: Record<string, unknown>): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(serializedQuery(query))) {
    const deep = /^(\w+)\[(.*)\]$/.exec(name);
    if (deep === null) parsed[name] = value;
    else parsed[deep[1]] = { ...(parsed[deep[1]] as object | undefined), [deep[2]]: value };
  }
  return parsed;
}

/**
 * What the schemas cannot say, each rule as the document's descriptions say it; valid requests follow
 * them. (Everything a schema can say is in the schema: this list is for rules across fields, values that
 * only the server hands out, and instants relative to now.)
 */
function followRules(operationId: string, generated: DraftRequest, fixtures: Fixtures, byAdmin: boolean): DraftRequest {
  const draft: DraftRequest = structuredClone(generated);
  const { query } = draft;
  const body = draft.body ?? {};
  // `cursor`: "the `next_cursor` of the previous page"; no other value is one.
  delete query.cursor;
  // `created_to`: "later than `created_from` when both are given".
  if (typeof query.created_from === 'string' && typeof query.created_to === 'string') {
    const [from, to] = [readInstant(query.created_from)!, readInstant(query.created_to)!];
    if (from.getTime() >= to.getTime()) [query.created_from, query.created_to] = [query.created_to, query.created_from];
    if (from.getTime() === to.getTime()) delete query.created_to;
  }
  // `expires_at`: "at least a minute and at most 90 days ahead" (payments), "when it stops working" (API keys: ahead).
  if ('expires_at' in body && (operationId === 'createPayment' || operationId === 'createApiKey')) body.expires_at = new Date(Date.now() + 86_400_000).toISOString();
  // `scopes`: "`admin` only on platform keys"; the owner creates account keys.
  if (operationId === 'createApiKey' && Array.isArray(body.scopes))
    body.scopes = body.scopes.filter((scope) => scope !== 'admin').concat(body.scopes.length === 1 && body.scopes[0] === 'admin' ? ['users:read'] : []);
  // metadata filter keys: "1 to 40 characters"; and deepObject has no escape for the brackets around a key.
  if (typeof query.metadata === 'object' && query.metadata !== null) {
    query.metadata = Object.fromEntries(Object.entries(query.metadata).map(([key, value]) => [key.replace(/[[\]]/g, '').slice(0, 40) || 'k', value]));
  }
  // Metadata keys in bodies: "keys up to 40 characters": the generator's free-form keys are at most 12.
  // `amount` of a capture: "at most the authorized `amount`" (the fixture's 5000).
  if (operationId === 'capturePayment' && typeof body.amount === 'number') body.amount = Math.min(body.amount, AUTHORIZED_AMOUNT);
  // `provider`: "GET /v1/payment_providers lists the enabled ones" (in this test: sandbox, bank_transfer).
  if (operationId === 'createPayment' && 'provider' in body) body.provider = (body.provider as string).length % 2 === 0 ? 'sandbox' : 'bank_transfer';
  // `capture_method`: "`manual` ... only with a provider that offers it (`bank_transfer` does not)".
  if (operationId === 'createPayment' && body.provider === 'bank_transfer') delete body.capture_method;
  if (operationId === 'createTransaction') {
    // `refunded_transaction_id`: "Refunds only: the `payment` ... this refund gives money back for", an id only the server hands out.
    delete body.refunded_transaction_id;
    // `direction`: "Required for `adjustment`. Implied by the other types (payment and transfer debit, credit and refund credit); if sent it must agree."
    const implied: Record<string, string> = { payment: 'debit', transfer: 'debit', credit: 'credit', refund: 'credit' };
    if (body.type === 'adjustment') body.direction ??= 'credit';
    else if ('direction' in body) body.direction = implied[body.type as string];
  }
  if (operationId === 'createPayout' && typeof body.destination === 'object' && body.destination !== null) {
    // `iban`: "checked for its length and check digits for its country", which no pattern says; `bic`: "a real country code".
    const destination = body.destination as Record<string, unknown>;
    destination.iban = String(destination.iban).length % 2 === 0 ? 'DE89 3704 0044 0532 0130 00' : 'FR1420041010050500013M02606';
    if ('bic' in destination) destination.bic = String(destination.bic).length === 8 ? 'COBADEFF' : 'BNPAFRPPXXX';
  }
  // Ids are fixtures' where the document names one the caller has: a made-up id is a 404 (documented, but it exercises little).
  if ('endpoint_id' in body) body.endpoint_id = fixtures.ids.endpoint_id;
  if (!byAdmin) {
    // "Admins: ... Members leave it out" / "Admins only" (account_id, owner_user_id, mode, role): the owner's requests leave them out,
    // except signup's account_id, which adds a member to the owner's own account.
    for (const field of ['account_id', 'owner_user_id', 'mode', 'role']) {
      delete query[field];
      delete body[field];
    }
    if (operationId === 'createUser' && generated.body !== undefined && 'account_id' in generated.body) body.account_id = fixtures.owner.accountId;
  }
  // `current_password`: "required to change your own password or email"; the server takes it only together with one of them.
  if (operationId === 'updateUser' && body.password === undefined && body.email === undefined) delete body.current_password;
  // Half the logins name the fixtures' owner, whose password is known.
  if (operationId === 'login' && String(body.email).length % 2 === 0) Object.assign(body, { email: fixtures.owner.email, password: STRONG_PASSWORD });
  // `counterparty_account_id`: "Transfers only (and required for them): the open account that receives the money".
  if (operationId === 'createTransaction') {
    if (body.type === 'transfer') body.counterparty_account_id = fixtures.otherAccountId;
    else delete body.counterparty_account_id;
  }
  return draft;
}

/** ajv, compiled once for the document: requests as the server reads them, answers as the document describes them. */
function schemaValidators(document: Document) {
  // OpenAPI 3.0's `nullable` is ajv's own keyword; `example`, `format: password` and `int64` are annotations.
  const strictAjv = new Ajv({ strict: false, allErrors: false });
  // A query string has no types: "20" is the integer 20, one value of a list is a list.
  const queryAjv = new Ajv({ strict: false, coerceTypes: 'array' });
  for (const ajv of [strictAjv, queryAjv]) {
    addFormats(ajv);
    ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isSafeInteger(value) });
    ajv.addFormat('password', true);
    ajv.addSchema({ $id: 'openapi', components: rewriteRefs(document.components) });
  }
  const compile = (ajv: Ajv, schema: unknown): ValidateFunction => ajv.compile(rewriteRefs(schema) as object);
  const explain = (validate: ValidateFunction) => ajvErrors(validate);

  return {
    forOperation(path: string, method: string, operation: Operation) {
      const parameters = operation.parameters ?? [];
      const querySchema = {
        type: 'object',
        properties: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        required: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      };
      const queryValidator = compile(queryAjv, querySchema);
      const headerValidators = parameters.filter((p) => p.in === 'header').map((p) => ({ name: p.name, validate: compile(strictAjv, p.schema) }));
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const bodyValidator = bodySchema === undefined ? undefined : compile(strictAjv, bodySchema);
      const responseValidators = new Map(
        Object.entries(operation.responses).map(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return [status, schema === undefined ? undefined : compile(strictAjv, schema)];
        }),
      );
      return {
        /** Why the document calls the request invalid, or null when it calls it valid. */
        request(draft: DraftRequest): string | null {
          if (!queryValidator(structuredClone(parsedQuery(draft.query)))) return `query ${explain(queryValidator)}`;
          for (const { name, validate } of headerValidators) {
            if (name in draft.headers && !validate(draft.headers[name])) return `header ${name} ${explain(validate)}`;
          }
          if (draft.body !== undefined && bodyValidator !== undefined && !bodyValidator(draft.body)) return `body ${explain(bodyValidator)}`;
          if (draft.body === undefined && operation.requestBody?.required === true) return 'no body';
          return null;
        },
        /** What in the answer the operation does not document. */
        response(response: ApiResponse): string[] {
          const status = String(response.status);
          if (!responseValidators.has(status)) return [`${method.toUpperCase()} ${path} answered ${status}, which it does not document: ${JSON.stringify(response.body)}`];
          const validate = responseValidators.get(status);
          if (validate === undefined || validate(response.body)) return [];
          return [`the ${status} answer does not match its schema: ${explain(validate)} in ${JSON.stringify(response.body).slice(0, 500)}`];
        },
      };
    },
  };
}

function ajvErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
}

/** `#/components/...` references, pointed at the document's components as ajv holds them. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? `openapi${value}` : rewriteRefs(value)]));
}
