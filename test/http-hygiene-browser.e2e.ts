import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { useBrowser } from './support/browser';
import { useTestApp } from './support/test-app';

describe('Swagger UI under its Content-Security-Policy, in a real browser', () => {
  const t = useTestApp();
  const chromium = useBrowser();

  it('renders the operations and runs "Try it out" with no CSP violation or script error', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(`${t.baseUrl}/docs`);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    assert.ok((await page.locator('.opblock').count()) > 30, 'every operation is listed');
    assert.ok(await page.getByText('Payments Platform API').first().isVisible());

    // The liveness probe, called from the page itself (connect-src 'self').
    const liveness = page.locator('.opblock', { hasText: '/health' }).first();
    await liveness.locator('.opblock-summary').click();
    await liveness.getByRole('button', { name: 'Try it out' }).click();
    await liveness.getByRole('button', { name: 'Execute' }).click();
    await liveness.locator('.live-responses-table tbody td.response-col_status').first().waitFor({ timeout: 10_000 });
    assert.match(await liveness.locator('.live-responses-table tbody td.response-col_status').first().innerText(), /200/);
    await page.screenshot({ path: join(chromium.screenshots, 'docs.png') });
    await page.close();
    assert.deepEqual(problems, []);
  });
});
