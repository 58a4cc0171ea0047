/**
 * npm run bench:faults — the soak: about 300 changes of several kinds made in the dashboard of the
 * built extension, drained through a server that fails 20% of requests with 500, drops 5% of
 * connections after writing, holds 10% past the client's timeout and garbles 5% of answers, while
 * the worker is stopped through CDP at 10 random moments. Then the server's database is compared
 * with what the user did, record by record, and with the mirror. Also runs the bad-input table.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { LinkpilotDb } from '../../lib/db/schema';
import { startServer, type RunningServer } from '../../server/start';
import { BAD_INPUT_CASES, isClearRejection } from '../fixtures/bad-input';
import { stopServiceWorker, wakeServiceWorker } from '../e2e/support';
import { connectedExtension } from './extension';
import { report } from './report';

const KILLS = 10;
const t0 = Date.now();
/** Progress on stderr: the soak takes minutes, and its JSON figures go to stdout. */
const progress = (what: string) => console.error(`[faults ${((Date.now() - t0) / 1000).toFixed(0)} s] ${what}`);
const TIMEOUT_S = 3;
const FAULTS = { error500: 0.2, dropAfter: 0.05, slow: 0.1, slowMs: TIMEOUT_S * 1000 + 1500, malformed: 0.05, seed: 20261122 };

interface Expected {
  channels: Map<string, { description: string }>;
  domains: Map<string, { redirect404: string }>;
}

async function outboxLeft(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('linkpilot');
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );
}

/** What is still queued, for the progress log: state and last error of each entry. */
async function outboxSummary(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('linkpilot');
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            const lines = (all.result as { entity: string; op: string; state: string; attempts: number; notBefore: number; error?: { kind: string; message: string } }[]).map(
              (e) => `${e.entity} ${e.op} ${e.state} attempts=${e.attempts} due_in=${Math.round((e.notBefore - Date.now()) / 1000)}s ${e.error ? `${e.error.kind}: ${e.error.message}` : ''}`,
            );
            resolve(lines);
            open.result.close();
          };
        };
      }),
  );
}

async function mirrorChannels(page: Page): Promise<{ name: string; description: string; id: number | null }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('linkpilot');
        open.onsuccess = () => {
          const all = open.result.transaction('channels').objectStore('channels').getAll();
          all.onsuccess = () => {
            resolve(all.result);
            open.result.close();
          };
        };
      }),
  );
}

/** The user's session: creates, edits and deletes through the dashboard's forms. */
async function makeChanges(page: Page, base: string, expected: Expected): Promise<number> {
  let changes = 0;
  await page.goto(`${base}#/channels`);
  for (let i = 0; i < 150; i++) {
    const name = `Soak channel ${i}`;
    await page.getByLabel('Channel name').first().fill(name);
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByTestId('channel-row').filter({ hasText: name }).first().waitFor();
    expected.channels.set(name, { description: '' });
    changes++;
    if (changes % 25 === 0) progress(`${changes} changes made`);
  }
  for (let i = 0; i < 50; i++) {
    const name = `Soak channel ${i * 3}`;
    const row = page.getByTestId('channel-row').filter({ has: page.getByText(name, { exact: true }) });
    await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await row.getByLabel('Description').fill(`edited ${i}`);
    await row.getByRole('button', { name: 'Save channel' }).click();
    await row.getByRole('button', { name: 'Save channel' }).waitFor({ state: 'detached' });
    expected.channels.set(name, { description: `edited ${i}` });
    changes++;
  }
  for (let i = 0; i < 20; i++) {
    const name = `Soak channel ${i * 7 + 1}`;
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page.getByTestId('channel-row').filter({ has: page.getByText(name, { exact: true }) }).waitFor({ state: 'detached' });
    expected.channels.delete(name);
    changes++;
  }
  progress(`${changes} changes made to channels`);
  await page.goto(`${base}#/domains`);
  for (let i = 0; i < 40; i++) {
    const domain = `https://soak-${i}.example`;
    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByTestId('domain-row').filter({ hasText: domain }).first().waitFor();
    expected.domains.set(domain, { redirect404: '' });
    changes++;
  }
  for (let i = 0; i < 20; i++) {
    const domain = `https://soak-${i * 2}.example`;
    const row = page.getByTestId('domain-row').filter({ hasText: domain });
    await row.getByRole('button', { name: `Edit ${domain}`, exact: true }).click();
    await row.getByLabel(`404 redirect of ${domain}`).fill(`https://soak.example/missing-${i}`);
    await row.getByRole('button', { name: 'Save redirects' }).click();
    await row.getByRole('button', { name: 'Save redirects' }).waitFor({ state: 'detached' });
    expected.domains.set(domain, { redirect404: `https://soak.example/missing-${i}` });
    changes++;
  }
  for (let i = 0; i < 20; i++) {
    const domain = `https://soak-${i * 2 + 1}.example`;
    await page.getByRole('button', { name: `Delete ${domain}`, exact: true }).click();
    await page.getByTestId('domain-row').filter({ hasText: domain }).waitFor({ state: 'detached' });
    expected.domains.delete(domain);
    changes++;
  }
  progress(`${changes} changes made in all`);
  return changes;
}

/** Stops the worker at random moments while the drain runs, waking it each time. */
async function killWorker(context: BrowserContext, page: Page, until: () => boolean): Promise<number> {
  let kills = 0;
  for (let i = 0; i < KILLS && !until(); i++) {
    await page.waitForTimeout(3000 + Math.random() * 12_000);
    await stopServiceWorker(context, page);
    kills++;
    progress(`worker stopped (${kills})`);
    await page.waitForTimeout(200 + Math.random() * 800);
    await wakeServiceWorker(page);
  }
  return kills;
}

function compare(server: RunningServer, expected: Expected) {
  let lost = 0;
  let duplicates = 0;
  const channels = server.db.prepare("SELECT name, description FROM channels WHERE name LIKE 'Soak channel %'").all() as { name: string; description: string }[];
  const domains = server.db.prepare("SELECT domain, redirect404 FROM domains WHERE domain LIKE 'https://soak-%'").all() as { domain: string; redirect404: string }[];
  for (const [name, want] of expected.channels) {
    const found = channels.filter((c) => c.name === name);
    if (found.length === 0 || found[0]!.description !== want.description) lost++;
    if (found.length > 1) duplicates += found.length - 1;
  }
  for (const name of new Set(channels.map((c) => c.name))) if (!expected.channels.has(name)) lost++; // a delete that did not happen
  for (const [domain, want] of expected.domains) {
    const found = domains.filter((d) => d.domain === domain);
    if (found.length === 0 || found[0]!.redirect404 !== want.redirect404) lost++;
  }
  for (const d of domains) if (!expected.domains.has(d.domain)) lost++;
  return { lost, duplicates };
}

async function soak() {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-soak-'));
  const server = await startServer({ port: 0, db: path.join(dir, 'soak.sqlite'), rateLimit: 1000, rateWindowSec: 60 });
  const { context, extensionId, page } = await connectedExtension(server);
  page.on('dialog', (d) => void d.accept());
  const base = `chrome-extension://${extensionId}/dashboard.html`;
  try {
    await page.goto(`${base}#/settings`);
    await page.getByLabel('Give up on a request after').selectOption(String(TIMEOUT_S));
    server.setFaults(FAULTS);
    const expected: Expected = { channels: new Map(), domains: new Map() };
    const started = Date.now();
    let drained = false;
    const killerPage = await context.newPage();
    await killerPage.goto(`${base}#/sync`);
    // The page the person types in is the visible tab: a background tab's timers are throttled.
    await page.bringToFront();
    const killer = killWorker(context, killerPage, () => drained);
    const changes = await makeChanges(page, base, expected);
    const deadline = Date.now() + 15 * 60_000;
    let lastReport = 0;
    while (Date.now() < deadline) {
      const left = await outboxLeft(page);
      if (left === 0) break;
      if (Date.now() - lastReport > 15_000) {
        progress(`${left} changes still queued`);
        if (left <= 30) for (const line of await outboxSummary(page)) progress(`  ${line}`);
        lastReport = Date.now();
      }
      await wakeServiceWorker(page);
      await page.waitForTimeout(1000);
    }
    const left = await outboxLeft(page);
    drained = true;
    const kills = await killer;
    const minutes = (Date.now() - started) / 60_000;
    server.setFaults(null);
    const { lost, duplicates } = compare(server, expected);
    const mirror = (await mirrorChannels(page)).filter((c) => c.name.startsWith('Soak channel '));
    const mirrorMismatch = [...expected.channels].filter(([name, want]) => mirror.find((m) => m.name === name)?.description !== want.description).length + Math.max(0, mirror.length - expected.channels.size);
    return { changes, lost: lost + left, duplicates, kills, minutes, left, mirrorMismatch };
  } finally {
    await context.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function badInput() {
  let clear = 0;
  for (const c of BAD_INPUT_CASES) {
    const db = new LinkpilotDb(`bench-input-${c.name}`);
    const error = await c.run({ db }).then(
      () => null,
      (e: unknown) => e,
    );
    if (error && isClearRejection(error, c.field) && (await db.outbox.count()) === 0) clear++;
    db.close();
  }
  return { tried: BAD_INPUT_CASES.length, clear };
}

const result = await soak();
report('faults.changes_lost', result.lost, 'changes', { goal: 0, changes: result.changes, left_in_outbox: result.left });
report('faults.duplicates', result.duplicates, 'records', { goal: 0 });
report('faults.worker_kills_survived', result.kills, 'kills', { goal: KILLS });
report('faults.minutes_to_drain', result.minutes, 'minutes');
report('faults.mirror_mismatches', result.mirrorMismatch, 'records', { goal: 0 });
const input = await badInput();
report('input.cases_tried', input.tried, 'cases');
report('input.cases_rejected_clearly', input.clear, 'cases', { goal: input.tried });
