/**
 * npm run bench:faults — the soak: 325 changes (creates, edits, deletes of channels, domains,
 * campaigns and short links; creates and deletes of QR codes) made in the dashboard of the
 * built extension, drained through a server that fails 20% of requests with 500, drops 5% of
 * connections after writing, holds 10% past the client's timeout and garbles 5% of answers, while
 * the worker is stopped through CDP at 10 random moments. Then the server's database is compared
 * with what the user did, record by record, and with the mirror. Also runs the bad-input table.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { LinkpilotDb } from '../../lib/db/schema';
import { type RunningServer, startServer } from '../../server/start';
import { CampaignsPage } from '../e2e/pages/CampaignsPage';
import { DashboardPage } from '../e2e/pages/DashboardPage';
import { QrCodesPage } from '../e2e/pages/QrCodesPage';
import { stopServiceWorker, wakeServiceWorker } from '../e2e/service-worker';
import { BAD_INPUT_CASES, isClearRejection } from '../fixtures/bad-input';
import { connectedExtension, waitForMirror } from './extension';
import { faultMix, TIMEOUT_S } from './fault-mix';
import { report } from './report';

const KILLS = 10;
const t0 = Date.now();
/** Progress on stderr: the soak takes minutes, and its JSON figures go to stdout. */
const progress = (what: string) => console.error(`[faults ${((Date.now() - t0) / 1000).toFixed(0)} s] ${what}`);
/** FAULTS_SEED picks another sequence of faults; the default keeps runs comparable. */
const SEED = Number(process.env.FAULTS_SEED ?? 20261122);
if (!Number.isSafeInteger(SEED) || SEED < 0)
  throw new Error(`FAULTS_SEED must be a whole number ≥ 0, got "${process.env.FAULTS_SEED}"`);
const FAULTS = faultMix(SEED);

interface Expected {
  channels: Map<string, { description: string }>;
  domains: Map<string, { redirect404: string }>;
  /** By alias. */
  links: Map<string, { longurl: string }>;
  campaigns: Map<string, { public: boolean }>;
  /** By name. */
  qrCodes: Map<string, { data: string }>;
}

/** Queued changes: still to be sent, and refused (waiting for the person, never sent by themselves). */
async function outboxLeft(page: Page): Promise<{ waiting: number; refused: number }> {
  const entries = await mirrorRows(page, 'outbox');
  const refused = entries.filter((e) => e.state === 'failed').length;
  return { waiting: entries.length - refused, refused };
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
            const lines = (
              all.result as {
                kind: string;
                op: string;
                key: string;
                state: string;
                ambiguous: boolean;
                attempts: number;
                notBefore: number;
                payload: unknown;
                error?: { kind: string; message: string };
              }[]
            ).map(
              (e) =>
                `${e.kind} ${e.op} ${e.key} ${JSON.stringify(e.payload).slice(0, 60)} ${e.state}${e.ambiguous ? ' ambiguous' : ''} attempts=${e.attempts} due_in=${Math.round((e.notBefore - Date.now()) / 1000)}s ${e.error ? `${e.error.kind}: ${e.error.message}` : ''}`,
            );
            resolve(lines);
            open.result.close();
          };
        };
      }),
  );
}

/** Every row of one mirror table, read from IndexedDB directly. */
async function mirrorRows(page: Page, store: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve) => {
        const open = indexedDB.open('linkpilot');
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            resolve(all.result as Record<string, unknown>[]);
            open.result.close();
          };
        };
      }),
    store,
  );
}

/** Mirror rows that differ from what the person did: missing, different, or there twice. */
async function mirrorMismatches(page: Page, expected: Expected): Promise<number> {
  const check = async <T>(
    store: string,
    want: Map<string, T>,
    idOf: (r: Record<string, unknown>) => string,
    same: (r: Record<string, unknown>, w: T) => boolean,
    isSoak: (id: string) => boolean,
  ) => {
    const rows = (await mirrorRows(page, store)).filter((r) => isSoak(idOf(r)));
    let bad = 0;
    for (const [id, w] of want) {
      const found = rows.filter((r) => idOf(r) === id);
      if (found.length !== 1 || !same(found[0]!, w)) bad++;
    }
    return bad + rows.filter((r) => !want.has(idOf(r))).length;
  };
  const str = (v: unknown) => String(v ?? '');
  return (
    (await check(
      'channels',
      expected.channels,
      (r) => str(r.name),
      (r, w) => str(r.description) === w.description,
      (id) => id.startsWith('Soak channel '),
    )) +
    (await check(
      'domains',
      expected.domains,
      (r) => str(r.domain),
      (r, w) => str(r.redirect404) === w.redirect404,
      (id) => id.startsWith('https://soak-'),
    )) +
    (await check(
      'links',
      expected.links,
      (r) => str(r.alias),
      (r, w) => str(r.longurl) === w.longurl,
      (id) => id.startsWith('soak-link-'),
    )) +
    (await check(
      'campaigns',
      expected.campaigns,
      (r) => str(r.name),
      (r, w) => Boolean(r.public) === w.public,
      (id) => id.startsWith('Soak campaign '),
    )) +
    (await check(
      'qrs',
      expected.qrCodes,
      (r) => str(r.name),
      () => true,
      (id) => id.startsWith('Soak QR '),
    ))
  );
}

/**
 * The mirror against the service's database, record by record over every soak record: ids, and the
 * fields the soak changes. Copies the service holds count only if the mirror lacks them.
 */
async function mirrorVsServer(page: Page, server: RunningServer): Promise<string[]> {
  const kinds = [
    {
      store: 'channels',
      sql: "SELECT id, name, description FROM channels WHERE name LIKE 'Soak channel %'",
      fields: ['name', 'description'],
    },
    {
      store: 'domains',
      sql: "SELECT id, domain, redirect404 FROM domains WHERE domain LIKE 'https://soak-%'",
      fields: ['domain', 'redirect404'],
    },
    {
      store: 'links',
      sql: "SELECT id, alias, longurl FROM links WHERE alias LIKE 'soak-link-%'",
      fields: ['alias', 'longurl'],
    },
    {
      store: 'campaigns',
      sql: "SELECT id, name, public FROM campaigns WHERE name LIKE 'Soak campaign %'",
      fields: ['name', 'public'],
    },
    { store: 'qrs', sql: "SELECT id, name FROM qr_codes WHERE name LIKE 'Soak QR %'", fields: ['name'] },
  ];
  const differences: string[] = [];
  const text = (v: unknown) => (typeof v === 'boolean' ? String(Number(v)) : String(v ?? ''));
  for (const kind of kinds) {
    const onServer = new Map(
      (server.db.prepare(kind.sql).all() as Record<string, unknown>[]).map((r) => [Number(r.id), r]),
    );
    const soak = (await mirrorRows(page, kind.store)).filter((r) =>
      /^(Soak |soak-|https:\/\/soak-)/.test(String(r[kind.fields[0]!] ?? '')),
    );
    for (const r of soak)
      if (r.id === null) differences.push(`${kind.store} ${String(r.key)} never reached the service`);
    const mirrored = new Map(soak.filter((r) => r.id !== null).map((r) => [Number(r.id), r]));
    for (const [id, row] of onServer) {
      const local = mirrored.get(id);
      if (!local) differences.push(`${kind.store} ${id} only on the service`);
      else
        for (const f of kind.fields)
          if (text(local[f]) !== text(row[f]))
            differences.push(`${kind.store} ${id} ${f}: ${text(local[f])} here, ${text(row[f])} there`);
    }
    for (const id of mirrored.keys()) if (!onServer.has(id)) differences.push(`${kind.store} ${id} only in the mirror`);
  }
  return differences;
}

/** The user's session: creates, edits and deletes through the dashboard's forms. */
async function makeChanges(page: Page, base: string, expected: Expected): Promise<number> {
  let changes = 0;
  const dashboard = new DashboardPage(page, base);
  await dashboard.open('channels');
  for (let i = 0; i < 100; i++) {
    const name = `Soak channel ${i}`;
    await dashboard.createChannel(name);
    expected.channels.set(name, { description: '' });
    changes++;
    if (changes % 25 === 0) progress(`${changes} changes made`);
  }
  for (let i = 0; i < 30; i++) {
    const name = `Soak channel ${i * 3}`;
    await dashboard
      .channelRow(name)
      .getByRole('button', { name: `Edit ${name}`, exact: true })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Description').fill(`edited ${i}`);
    await edit.getByRole('button', { name: 'Save channel' }).click();
    // The dialog closes once the change is written here; only then is it safe to go on.
    await edit.waitFor({ state: 'detached' });
    expected.channels.set(name, { description: `edited ${i}` });
    changes++;
  }
  for (let i = 0; i < 15; i++) {
    const name = `Soak channel ${i * 7 + 1}`;
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    // Asked first, in the app's own dialog.
    await page
      .getByRole('dialog', { name: 'Delete channel' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await dashboard.channelRow(name).waitFor({ state: 'detached' });
    expected.channels.delete(name);
    changes++;
  }
  progress(`${changes} changes made to channels`);
  await dashboard.open('domains');
  for (let i = 0; i < 30; i++) {
    const domain = `https://soak-${i}.example`;
    await dashboard.addDomain(domain);
    await page
      .getByTestId('domain-row')
      .filter({ hasText: new URL(domain).host })
      .first()
      .waitFor();
    expected.domains.set(domain, { redirect404: '' });
    changes++;
  }
  for (let i = 0; i < 15; i++) {
    const domain = `https://soak-${i * 2}.example`;
    const row = page.getByTestId('domain-row').filter({ hasText: new URL(domain).host });
    await row.getByRole('button', { name: `Edit ${domain}`, exact: true }).click();
    const redirects = page.getByRole('dialog', { name: `Redirects of ${new URL(domain).host}` });
    await redirects.getByLabel(`404 redirect of ${domain}`).fill(`https://soak.example/missing-${i}`);
    await redirects.getByRole('button', { name: 'Save redirects' }).click();
    await redirects.waitFor({ state: 'detached' });
    expected.domains.set(domain, { redirect404: `https://soak.example/missing-${i}` });
    changes++;
  }
  for (let i = 0; i < 10; i++) {
    const domain = `https://soak-${i * 2 + 1}.example`;
    await page.getByRole('button', { name: `Delete ${domain}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete domain' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page
      .getByTestId('domain-row')
      .filter({ hasText: new URL(domain).host })
      .waitFor({ state: 'detached' });
    expected.domains.delete(domain);
    changes++;
  }
  progress(`${changes} changes made to channels and domains`);

  await page.goto(`${base}#/links`);
  for (let i = 0; i < 40; i++) {
    const alias = `soak-link-${i}`;
    const longurl = `https://soak.example/article/${i}`;
    await page.getByRole('button', { name: 'New link' }).click();
    const form = page.getByRole('form', { name: 'New short link' });
    await form.getByLabel('Long URL', { exact: true }).fill(longurl);
    await form.getByLabel('Custom alias', { exact: true }).fill(alias);
    await form.getByRole('button', { name: 'Create short link' }).click();
    await form.waitFor({ state: 'detached' });
    expected.links.set(alias, { longurl });
    changes++;
  }
  /**
   * Opens one soak link's details through the table's search (the table shows only what fits on
   * screen). Two-digit aliases are each the only row their search finds: words match by prefix, no
   * soak alias has three digits, and no address gives the service's port as a word (it did, and a
   * port starting 37 made the search for soak-link-37 find every link).
   */
  const linkDetails = async (alias: string) => {
    await page.getByLabel('Search').fill(alias);
    const rows = page.getByTestId('link-row');
    // Its alias once its short URL is known, its address before.
    const n = alias.replace('soak-link-', '');
    const wanted = rows.filter({ hasText: new RegExp(`(${alias}|/article/${n})(?!\\d)`) });
    // The table follows the search box a moment later: bounded wait for it to show this one alone.
    // One row is not enough: until the table follows, it still shows the previous search's one link,
    // and an edit meant for this link went to that one.
    for (let tries = 0; (await rows.count()) !== 1 || (await wanted.count()) !== 1; tries++) {
      if (tries >= 100) throw new Error(`soak: the search for ${alias} did not find it alone`);
      await page.waitForTimeout(100);
    }
    await wanted.click();
    return page.getByTestId('link-detail');
  };
  for (let i = 0; i < 10; i++) {
    // Two-digit aliases: "3" would also find 30 to 39, its words by prefix.
    const alias = `soak-link-${10 + i * 3}`;
    const longurl = `https://soak.example/edited/${i}`;
    const panel = await linkDetails(alias);
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByTestId('edit-link-dialog').getByRole('form', { name: 'Edit short link' });
    await form.getByLabel('Long URL', { exact: true }).fill(longurl);
    await form.getByRole('button', { name: 'Save changes' }).click();
    // The dialog closes once the edit is written here (answered, or queued while the service fails).
    await form.waitFor({ state: 'detached' });
    expected.links.set(alias, { longurl });
    changes++;
  }
  for (let i = 0; i < 5; i++) {
    const alias = `soak-link-${11 + i * 3}`;
    const panel = await linkDetails(alias);
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    expected.links.delete(alias);
    changes++;
  }
  await page.getByLabel('Search').fill('');
  progress(`${changes} changes made up to links`);

  const campaigns = new CampaignsPage(page, `${base}#/campaigns`);
  await campaigns.open();
  for (let i = 0; i < 25; i++) {
    const name = `Soak campaign ${i}`;
    await campaigns.create({ name });
    await campaigns.row(name).waitFor();
    expected.campaigns.set(name, { public: false });
    changes++;
  }
  for (let i = 0; i < 10; i++) {
    const name = `Soak campaign ${i * 2}`;
    const form = await campaigns.edit(name);
    await form.getByRole('checkbox', { name: /^Public/ }).setChecked(true);
    await form.getByRole('button', { name: 'Save campaign' }).click();
    await form.waitFor({ state: 'detached' });
    expected.campaigns.set(name, { public: true });
    changes++;
  }
  for (let i = 0; i < 5; i++) {
    const name = `Soak campaign ${i * 2 + 1}`;
    await campaigns.delete(name);
    await campaigns.row(name).waitFor({ state: 'detached' });
    expected.campaigns.delete(name);
    changes++;
  }

  const qr = new QrCodesPage(page, `${base}#/qr`);
  await qr.open();
  for (let i = 0; i < 20; i++) {
    const name = `Soak QR ${i}`;
    const data = `Soak text ${i}`;
    await qr.fill('text', { Text: data, Name: name });
    await qr.submit();
    await qr.row(name).waitFor();
    expected.qrCodes.set(name, { data });
    changes++;
  }
  for (let i = 0; i < 5; i++) {
    const name = `Soak QR ${i * 4 + 1}`;
    const detail = await qr.openDetail(name);
    await detail.getByRole('button', { name: 'Delete QR code', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await qr.row(name).waitFor({ state: 'detached' });
    expected.qrCodes.delete(name);
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
  const byKind: Record<string, number> = {};
  const missed: string[] = [];
  const miss = (what: string) => {
    lost++;
    missed.push(what);
  };
  const count = (kind: string, n: number) => {
    duplicates += n;
    if (n > 0) byKind[kind] = (byKind[kind] ?? 0) + n;
  };
  const doubled: { kind: string; name: string; ids: number[] }[] = [];
  const channels = server.db
    .prepare("SELECT id, name, description FROM channels WHERE name LIKE 'Soak channel %'")
    .all() as { id: number; name: string; description: string }[];
  const domains = server.db
    .prepare("SELECT domain, redirect404 FROM domains WHERE domain LIKE 'https://soak-%'")
    .all() as { domain: string; redirect404: string }[];
  for (const [name, want] of expected.channels) {
    const found = channels.filter((c) => c.name === name);
    if (!found.some((c) => c.description === want.description)) miss(`channel ${name}`);
    if (found.length > 1) {
      count('channels', found.length - 1);
      doubled.push({ kind: 'channels', name, ids: found.map((c) => c.id) });
    }
  }
  for (const name of new Set(channels.map((c) => c.name)))
    if (!expected.channels.has(name)) miss(`channel ${name} still there after its delete`);
  for (const [domain, want] of expected.domains) {
    const found = domains.filter((d) => d.domain === domain);
    if (found.length === 0 || found[0]!.redirect404 !== want.redirect404) miss(`domain ${domain}`);
  }
  for (const d of domains) if (!expected.domains.has(d.domain)) miss(`domain ${d.domain} still there after its delete`);
  const links = server.db.prepare("SELECT alias, longurl FROM links WHERE alias LIKE 'soak-link-%'").all() as {
    alias: string;
    longurl: string;
  }[];
  for (const [alias, want] of expected.links) {
    const found = links.filter((l) => l.alias === alias);
    if (found.length === 0 || found[0]!.longurl !== want.longurl) miss(`link ${alias}`);
  }
  // An alias is unique on the service: a link left over is a delete that was lost, never a copy.
  for (const l of links) if (!expected.links.has(l.alias)) miss(`link ${l.alias} still there after its delete`);
  // Every soak link has its own address, before and after its edit: two of one address are a copy.
  count(
    'links',
    server.db
      .prepare("SELECT COUNT(*) - COUNT(DISTINCT longurl) AS n FROM links WHERE longurl LIKE 'https://soak.example/%'")
      .pluck()
      .get() as number,
  );
  const campaigns = server.db
    .prepare("SELECT id, name, public FROM campaigns WHERE name LIKE 'Soak campaign %'")
    .all() as { id: number; name: string; public: number }[];
  for (const [name, want] of expected.campaigns) {
    const found = campaigns.filter((c) => c.name === name);
    if (!found.some((c) => Boolean(c.public) === want.public)) miss(`campaign ${name}`);
    if (found.length > 1) {
      count('campaigns', found.length - 1);
      doubled.push({ kind: 'campaigns', name, ids: found.map((c) => c.id) });
    }
  }
  for (const name of new Set(campaigns.map((c) => c.name)))
    if (!expected.campaigns.has(name)) miss(`campaign ${name} still there after its delete`);
  const qrCodes = server.db.prepare("SELECT id, name, data FROM qr_codes WHERE name LIKE 'Soak QR %'").all() as {
    id: number;
    name: string;
    data: string;
  }[];
  for (const [name, want] of expected.qrCodes) {
    const found = qrCodes.filter((q) => q.name === name);
    if (!found.some((q) => q.data.includes(want.data))) miss(`QR code ${name}`);
    if (found.length > 1) {
      count('qr_codes', found.length - 1);
      doubled.push({ kind: 'qrs', name, ids: found.map((q) => q.id) });
    }
  }
  // As for channels and campaigns: a deleted code still there is a delete that was lost.
  for (const name of new Set(qrCodes.map((q) => q.name)))
    if (!expected.qrCodes.has(name)) miss(`QR code ${name} still there after its delete`);
  for (const what of missed) progress(`  not as the person left it: ${what}`);
  return { lost, duplicates, byKind, doubled };
}

async function soak() {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-soak-'));
  const server = await startServer({ port: 0, db: path.join(dir, 'soak.sqlite'), rateLimit: 1000, rateWindowSec: 60 });
  const { context, extensionId, page } = await connectedExtension(server);
  page.on('dialog', (d) => void d.accept());
  const base = `chrome-extension://${extensionId}/dashboard.html`;
  try {
    await page.goto(`${base}#/settings`);
    await page.getByLabel('Stop waiting for the service after').selectOption(String(TIMEOUT_S));
    server.setFaults(FAULTS);
    // When each soak domain reached the service's database: explains a refused "already registered".
    server.db.exec(
      "CREATE TABLE soak_domain_log (domain TEXT, at TEXT); CREATE TRIGGER soak_domain_added AFTER INSERT ON domains BEGIN INSERT INTO soak_domain_log VALUES (NEW.domain, strftime('%H:%M:%f', 'now')); END;",
    );
    // When each record that may be doubled was written: copies written milliseconds apart are the
    // browser's own resend; seconds apart, a send the client repeated.
    server.db.exec(
      'CREATE TABLE soak_write_log (kind TEXT, id INTEGER, at TEXT);' +
        "CREATE TRIGGER soak_channel_added AFTER INSERT ON channels BEGIN INSERT INTO soak_write_log VALUES ('channels', NEW.id, strftime('%H:%M:%f', 'now')); END;" +
        "CREATE TRIGGER soak_campaign_added AFTER INSERT ON campaigns BEGIN INSERT INTO soak_write_log VALUES ('campaigns', NEW.id, strftime('%H:%M:%f', 'now')); END;" +
        "CREATE TRIGGER soak_qr_added AFTER INSERT ON qr_codes BEGIN INSERT INTO soak_write_log VALUES ('qrs', NEW.id, strftime('%H:%M:%f', 'now')); END;",
    );
    const expected: Expected = {
      channels: new Map(),
      domains: new Map(),
      links: new Map(),
      campaigns: new Map(),
      qrCodes: new Map(),
    };
    const started = Date.now();
    let drained = false;
    const killerPage = await context.newPage();
    await killerPage.goto(`${base}#/sync`);
    // The page the person types in is the visible tab: a background tab's timers are throttled.
    await page.bringToFront();
    const killer = killWorker(context, killerPage, () => drained);
    // Should the session fail, the browser closes under the killer: the session's error is the one to report.
    killer.catch(() => undefined);
    const changes = await makeChanges(page, base, expected);
    const deadline = Date.now() + 15 * 60_000;
    let lastReport = 0;
    while (Date.now() < deadline) {
      const { waiting, refused } = await outboxLeft(page);
      if (waiting === 0) break;
      if (Date.now() - lastReport > 15_000) {
        progress(`${waiting} changes still queued, ${refused} refused`);
        if (waiting + refused <= 30) for (const line of await outboxSummary(page)) progress(`  ${line}`);
        lastReport = Date.now();
      }
      await wakeServiceWorker(page);
      await page.waitForTimeout(1000);
    }
    const { waiting: left, refused } = await outboxLeft(page);
    if (refused > 0) {
      for (const line of await outboxSummary(page)) progress(`  ${line}`);
      progress(
        `  domains written by the service: ${JSON.stringify(server.db.prepare('SELECT * FROM soak_domain_log').all())}`,
      );
      progress(
        `  local domains: ${JSON.stringify((await mirrorRows(page, 'domains')).filter((d) => String(d.domain).startsWith('https://soak-')).map((d) => [d.key, d.id, d.domain, d.sync]))}`,
      );
    }
    drained = true;
    const kills = await killer;
    const minutes = (Date.now() - started) / 60_000;
    server.setFaults(null);
    const before = compare(server, expected);
    const writtenAt = server.db.prepare('SELECT at FROM soak_write_log WHERE kind = ? AND id = ?').pluck();
    for (const d of before.doubled)
      progress(
        `  doubled when drained: ${d.kind} "${d.name}" written ${d.ids.map((id) => `${id} at ${String(writtenAt.get(d.kind, id))}`).join(', ')}`,
      );
    // As a person would go on: "Sync now", then delete the copies the dashboard flags as likely
    // made twice (the API cannot delete QR codes: those stay flagged).
    const syncNow = async () => {
      await page.goto(`${base}#/sync`);
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.waitForTimeout(1000);
      await waitForMirror(page, 120_000);
    };
    await syncNow();
    const unaided = compare(server, expected);
    // Why a copy outlived the sync: what the mirror holds under that name.
    for (const d of unaided.doubled) {
      const rows = (await mirrorRows(page, d.kind))
        .filter((r) => r.name === d.name)
        .map((r) => ({ key: r.key, id: r.id, twinOf: r.twinOf }));
      progress(`  still doubled: ${d.kind} "${d.name}" ids ${d.ids.join(',')}; mirror ${JSON.stringify(rows)}`);
    }
    let flagged = 0;
    for (const store of ['channels', 'campaigns', 'qrs'])
      flagged += (await mirrorRows(page, store)).filter((r) => r.twinOf !== undefined).length;
    for (const route of ['channels', 'campaigns']) {
      await page.goto(`${base}#/${route}`);
      await page
        .getByTestId(route === 'channels' ? 'channel-row' : 'campaign-row')
        .first()
        .waitFor();
      const copies = page.getByRole('button', { name: /^Delete this copy of / });
      for (let guard = 0; guard < 50 && (await copies.count()) > 0; guard++) {
        const n = await copies.count();
        await copies.first().click();
        await expect.poll(() => copies.count(), { timeout: 10_000 }).toBeLessThan(n);
      }
    }
    for (let guard = 0; guard < 120 && (await outboxLeft(page)).waiting > 0; guard++) await page.waitForTimeout(500);
    const { lost, duplicates, byKind } = compare(server, expected);
    await syncNow();
    const mirrorMismatch = await mirrorMismatches(page, expected);
    const mirrorDiffers = await mirrorVsServer(page, server);
    for (const line of mirrorDiffers) progress(`  mirror and service differ: ${line}`);
    return {
      changes,
      lost,
      unaided,
      duplicates,
      byKind,
      duplicatesBefore: before.duplicates,
      flagged,
      kills,
      minutes,
      left,
      refused,
      mirrorMismatch,
      mirrorDiffers: mirrorDiffers.length,
    };
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
report('faults.changes_lost', result.lost, 'changes', {
  goal: 0,
  changes: result.changes,
  still_queued: result.left,
  refused: result.refused,
  seed: SEED,
});
// The headline is what the product reaches on its own: after the drain and one sync, before a
// person deletes the copies it could only flag.
report('faults.duplicates', result.unaided.duplicates, 'records', {
  goal: 0,
  by_kind: result.unaided.byKind,
  when_drained: result.duplicatesBefore,
  flagged_as_copies: result.flagged,
  after_person_deletes_flagged: result.duplicates,
  by_kind_after_person: result.byKind,
});
report('faults.worker_kills_survived', result.kills, 'kills', { goal: KILLS });
report('faults.minutes_to_drain', result.minutes, 'minutes');
report('faults.mirror_vs_server', result.mirrorDiffers, 'records', { goal: 0 });
// Against what the person did rather than the service: the copies left on the service count here.
report('faults.mirror_mismatches', result.mirrorMismatch, 'records', { goal: 0 });
const input = await badInput();
report('input.cases_tried', input.tried, 'cases');
report('input.cases_rejected_clearly', input.clear, 'cases', { goal: input.tried });
