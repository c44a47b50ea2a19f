import assert from 'node:assert/strict';
import { ApiClient } from './api-client';
import { expectStatus } from './factories';

/** A checkout page as a browser without JavaScript gets it: the markup, its headers, and what its form needs. */
export interface FetchedPage {
  status: number;
  headers: Headers;
  html: string;
  /** The anti-forgery field of the form, when the page has a form. */
  antiForgery: string | null;
  /** The Cookie header this browser sends from now on. */
  cookie: string;
}

/** Opens a page at `url` as a browser holding `cookie`. */
export async function openPage(url: string, cookie = ''): Promise<FetchedPage> {
  const response = await fetch(url, { headers: cookie === '' ? {} : { cookie }, redirect: 'manual' });
  const html = await response.text();
  const set = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  return {
    status: response.status,
    headers: response.headers,
    html,
    antiForgery: /name="anti_forgery" value="([^"]+)"/.exec(html)?.[1] ?? null,
    cookie: [cookie, ...set].filter((part) => part !== '').join('; '),
  };
}

/** Submits the page's card form as its own browser does (same-origin headers), unless `headers` say otherwise. */
export function submitCard(url: string, page: FetchedPage, cardNumber: string, headers: Record<string, string> = {}): Promise<Response> {
  const body = new URLSearchParams({ anti_forgery: page.antiForgery ?? '', card_number: cardNumber }).toString();
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie, origin: new URL(url).origin, 'sec-fetch-site': 'same-origin', ...headers },
    body,
  });
}

/** Creates a payment request through the API; the response body. */
export async function createPayment(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<any> {
  const body = { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com' }, ...fields };
  const response = await api.post('/v1/payments', body, { token });
  expectStatus(response, 201);
  return response.body;
}

/** The text a customer reads: the markup without tags, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body>'));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, '`')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function assertNoForm(page: FetchedPage): void {
  assert.equal(page.antiForgery, null, 'the page has no card form');
  assert.ok(!page.html.includes('<form'), 'the page has no form');
}
