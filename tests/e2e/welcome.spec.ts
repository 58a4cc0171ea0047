import { launchWithExtension } from './browser';
import { expect, test } from './fixtures';

// The fixtures' browser closes the welcome tab; this test launches its own and keeps it.
test('the first install opens the welcome page, which explains, connects and says what happens offline', async ({
  server,
}) => {
  const { context, extensionId } = await launchWithExtension('en-US', { keepWelcome: true });
  try {
    const welcomeUrl = `chrome-extension://${extensionId}/welcome.html`;
    const welcome =
      context.pages().find((p) => p.url() === welcomeUrl) ??
      (await context.waitForEvent('page', { predicate: (p) => p.url() === welcomeUrl }));
    await expect(welcome.getByRole('heading', { level: 1, name: 'Welcome to Linkpilot' })).toBeVisible();
    expect(context.pages().filter((p) => p.url() === welcomeUrl)).toHaveLength(1);
    await expect(welcome.getByTestId('welcome-does').getByRole('listitem')).toHaveCount(3);
    await expect(welcome.getByRole('heading', { name: 'Where is my API key?' })).toBeVisible();
    await expect(welcome.getByText('look under API or Developers')).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'When you are offline' })).toBeVisible();
    await expect(welcome.getByText('What you change waits here')).toBeVisible();

    await welcome.getByLabel('Service URL', { exact: true }).fill(server.url);
    await welcome.getByLabel('API key', { exact: true }).fill(server.apiKey);
    await welcome.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(welcome.getByTestId('welcome-connected')).toContainText('Connected as demo@linkpilot.test');
    await welcome.getByRole('link', { name: 'Open the dashboard' }).click();
    await expect(welcome).toHaveURL(`chrome-extension://${extensionId}/dashboard.html#/links`);
  } finally {
    await context.close();
  }
});
