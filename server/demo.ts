import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { createAccount } from './accounts';
import { datetime } from './time';

export const DEMO_EMAIL = 'demo@linkpilot.test';

/** A demo account with a little of everything, so a fresh server has something to show. */
export function seedDemo(db: Database, apiKey: string | undefined, now: Date): { apiKey: string } {
  const account = createAccount(db, { email: DEMO_EMAIL, username: 'demo', apiKey }, now);
  const a = account.id;
  const at = (minutesAgo: number) => datetime(new Date(now.getTime() - minutesAgo * 60_000));
  db.transaction(() => {
    const insert = (sql: string, ...args: unknown[]) => Number(db.prepare(sql).run(...args).lastInsertRowid);
    insert(
      'INSERT INTO overlays (account_id, type, name, date) VALUES (?, ?, ?, ?)',
      a,
      'message',
      'Spring sale banner',
      at(900),
    );
    insert(
      'INSERT INTO overlays (account_id, type, name, date) VALUES (?, ?, ?, ?)',
      a,
      'newsletter',
      'Newsletter sign-up',
      at(800),
    );
    insert('INSERT INTO splash_pages (account_id, name, date) VALUES (?, ?, ?)', a, 'Brand intro', at(700));
    for (const [type, name, tag] of [
      ['facebook', 'Facebook ads', '1234567890'],
      ['gapixel', 'Site analytics', 'G-DEMO1234'],
    ])
      insert(
        'INSERT INTO pixels (account_id, type, name, tag, date) VALUES (?, ?, ?, ?, ?)',
        a,
        type,
        name,
        tag,
        at(650),
      );
    insert('INSERT INTO splash_pages (account_id, name, date) VALUES (?, ?, ?)', a, 'Cookie notice', at(600));
    const bio = insert(
      'INSERT INTO bio_pages (account_id, title, alias, date) VALUES (?, ?, ?, ?)',
      a,
      'Demo bio page',
      `demo-bio-${randomBytes(3).toString('hex')}`,
      at(500),
    );
    const news = insert(
      'INSERT INTO channels (account_id, name, description, color, starred, created) VALUES (?, ?, ?, ?, ?, ?)',
      a,
      'News',
      'Articles worth sharing',
      '#3046d9',
      1,
      at(400),
    );
    insert(
      'INSERT INTO channels (account_id, name, description, color, starred, created) VALUES (?, ?, ?, ?, ?, ?)',
      a,
      'Social',
      '',
      '#e4572e',
      0,
      at(390),
    );
    const campaign = insert(
      'INSERT INTO campaigns (account_id, name, slug, public, created) VALUES (?, ?, ?, ?, ?)',
      a,
      'Launch week',
      `launch-${randomBytes(2).toString('hex')}`,
      1,
      at(380),
    );
    insert(
      'INSERT INTO domains (account_id, domain, redirectroot, redirect404, created) VALUES (?, ?, ?, ?, ?)',
      a,
      'https://go.linkpilot.test',
      'https://linkpilot.test',
      '',
      at(370),
    );
    const links = [
      ['demo', 'https://example.com/', 'Example Domain'],
      [randomAlias(), 'https://developer.mozilla.org/en-US/docs/Web/HTTP', 'HTTP | MDN'],
      [randomAlias(), 'https://www.wikipedia.org/', 'Wikipedia'],
    ].map(([alias, url, title], i) =>
      insert(
        "INSERT INTO links (account_id, alias, longurl, title, status, campaign_id, date) VALUES (?, ?, ?, ?, 'public', ?, ?)",
        a,
        alias,
        url,
        title,
        i === 0 ? campaign : null,
        at(300 - i * 10),
      ),
    );
    const qr = insert(
      "INSERT INTO qr_codes (account_id, code, type, data, name, date) VALUES (?, ?, 'link', ?, ?, ?)",
      a,
      randomBytes(6).toString('base64url'),
      JSON.stringify('https://example.com/menu'),
      'Menu card',
      at(200),
    );
    db.prepare('INSERT INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)').run(
      news,
      'links',
      links[0],
      at(100),
    );
    db.prepare('INSERT INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)').run(
      news,
      'bio',
      bio,
      at(90),
    );
    const visits: [number, string, string, string, string][] = [
      [links[0]!, 'DE', 'news.ycombinator.com', 'Chrome', 'Windows'],
      [links[0]!, 'DE', 'Direct, email and other', 'Firefox', 'Linux'],
      [links[0]!, 'US', 'twitter.com', 'Safari', 'iOS'],
      [links[1]!, 'FR', 'Direct, email and other', 'Chrome', 'macOS'],
    ];
    for (const [link, country, referrer, browser, os] of visits) {
      db.prepare(
        'INSERT INTO visits (link_id, at, country, referrer, browser, os, visitor, social) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        link,
        at(50),
        country,
        referrer,
        browser,
        os,
        randomBytes(8).toString('hex'),
        referrer === 'twitter.com' ? 'twitter' : null,
      );
      db.prepare('UPDATE links SET clicks = clicks + 1 WHERE id = ?').run(link);
    }
    db.prepare(
      'INSERT INTO visits (qr_id, at, country, referrer, browser, os, visitor) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(qr, at(40), 'GB', 'Direct, email and other', 'Chrome', 'Android', 'demo-scan');
    db.prepare('UPDATE qr_codes SET scans = 1 WHERE id = ?').run(qr);
  })();
  return account;
}

function randomAlias(): string {
  return randomBytes(6)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 6);
}
