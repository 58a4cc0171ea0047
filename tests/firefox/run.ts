// The Firefox end-to-end suite: the Firefox build (.output/firefox-mv2) installed into a real
// headless Firefox, against the local server, in one browser, step after step. Writes
// .reports/firefox.json (passed, failed, seconds) for `npm test`'s closing count; exits 1 on a failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { startWebPages } from '../e2e/web-pages';
import { launchFirefox } from './launch';
import { Service } from './service';
import { firefoxSteps } from './suite';

const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const results: { name: string; ok: boolean; seconds: string; error?: string }[] = [];

const service = new Service();
await service.up();
const web = await startWebPages();
let launched: Awaited<ReturnType<typeof launchFirefox>> | null = null;
try {
  launched = await launchFirefox();
  console.log(`Firefox ${await launched.browser.version()} started with the extension (${seconds(started)} s)`);
  let stopped = false;
  for (const step of firefoxSteps({
    firefox: launched.browser,
    extensionUrl: launched.extensionUrl,
    problems: launched.problems,
    service,
    web,
  })) {
    if (stopped) {
      results.push({ name: step.name, ok: false, seconds: '0.0', error: 'not run: an earlier step failed' });
      console.log(`  - ${step.name} (not run)`);
      continue;
    }
    const at = Date.now();
    try {
      await step.run();
      results.push({ name: step.name, ok: true, seconds: seconds(at) });
      console.log(`  ✓ ${step.name} (${seconds(at)} s)`);
    } catch (error) {
      stopped = true;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      results.push({ name: step.name, ok: false, seconds: seconds(at), error: message });
      console.log(`  ✘ ${step.name} (${seconds(at)} s)\n${message.replace(/^/gm, '      ')}`);
    }
  }
} catch (error) {
  results.push({
    name: 'start Firefox with the extension',
    ok: false,
    seconds: seconds(started),
    error: String(error),
  });
  console.log(`  ✘ start Firefox with the extension: ${String(error)}`);
} finally {
  await launched?.browser.close().catch(() => undefined);
  await web.close();
  await service.close();
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
mkdirSync('.reports', { recursive: true });
writeFileSync('.reports/firefox.json', JSON.stringify({ passed, failed, seconds: seconds(started), results }, null, 2));
console.log(`\nFirefox: ${passed} passed, ${failed} failed (${seconds(started)} s)`);
process.exit(failed > 0 ? 1 : 0);
