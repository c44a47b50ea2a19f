import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-app';
import { ApiClient, ApiResponse } from './api-client';

let sequence = 0;

export const STRONG_PASSWORD = 'a sufficiently long passphrase 7';

export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now()}-${sequence}@example.com`;
}

export interface LoggedIn {
  user: { id: string; email: string; role: string; account_id: string | null };
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  sessionId: string;
}

/** Asserts the contract's error body: status, code, and a request_id equal to the X-Request-Id header. */
export function expectError(response: ApiResponse, status: number, code: string): void {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${JSON.stringify(response.body)}`);
  assert.equal(response.body.error_code, code);
  assert.equal(typeof response.body.error_description, 'string');
  assert.ok(response.body.error_description.length > 0);
  assert.equal(response.body.request_id, response.headers.get('x-request-id'));
}

/** 400 validation_error whose details name exactly these fields. */
export function expectValidationFields(response: ApiResponse, fields: string[], label = ''): void {
  expectError(response, 400, 'validation_error');
  assert.ok(Array.isArray(response.body.details), `${label}: details is missing`);
  const reported = new Set(response.body.details.map((problem: { field: string }) => problem.field));
  assert.deepEqual([...reported].sort(), [...fields].sort(), label);
}

export function expectStatus(response: ApiResponse, status: number): void {
  assert.equal(response.status, status, `expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
}

export async function signup(
  api: ApiClient,
  fields: { email?: string; password?: string; name?: string; account_id?: string; role?: string } = {},
  token?: string,
): Promise<{ id: string; email: string; password: string; account_id: string | null; role: string }> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? STRONG_PASSWORD;
  const response = await api.post('/v1/users', { name: 'Test User', ...fields, email, password }, { token });
  expectStatus(response, 201);
  return { ...response.body, password };
}

export async function login(api: ApiClient, email: string, password: string, extra: Record<string, unknown> = {}): Promise<LoggedIn> {
  const response = await api.post('/v1/auth/login', { email, password, ...extra });
  expectStatus(response, 200);
  return {
    user: response.body.user,
    email,
    password,
    token: response.body.access_token,
    refreshToken: response.body.refresh_token,
    sessionId: response.body.session_id,
  };
}

export async function registerAndLogin(api: ApiClient, fields: { email?: string; name?: string } = {}): Promise<LoggedIn> {
  const user = await signup(api, fields);
  return login(api, user.email, user.password);
}

export function loginAdmin(api: ApiClient): Promise<LoggedIn> {
  return login(api, ADMIN_EMAIL, ADMIN_PASSWORD);
}

export async function createAccount(
  api: ApiClient,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; owner_user_id: string; status: string; preferences: Record<string, unknown> }> {
  const response = await api.post('/v1/accounts', { type: 'business', name: 'Acme Ltd', email: 'billing@acme.example', ...fields }, { token });
  expectStatus(response, 201);
  return response.body;
}

/** A fresh user who owns a fresh account, logged in. */
export async function accountOwner(api: ApiClient): Promise<LoggedIn & { accountId: string }> {
  const owner = await registerAndLogin(api);
  const account = await createAccount(api, owner.token);
  return { ...owner, accountId: account.id };
}

/** A member added to `accountId` by its owner, logged in. */
export async function accountMember(api: ApiClient, ownerToken: string, accountId: string): Promise<LoggedIn> {
  const member = await signup(api, { account_id: accountId }, ownerToken);
  return login(api, member.email, member.password);
}
