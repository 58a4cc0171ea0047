import type { RunningServer } from '../../server/start';

/** Creates `count` links through the API, eight requests at a time (use a server with a high rate limit). */
export async function seedLinks(server: RunningServer, count: number, apiKey = server.apiKey): Promise<void> {
  let next = 0;
  const words = ['news', 'recipe', 'travel', 'guide', 'review', 'launch', 'docs', 'blog', 'video', 'podcast'];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const i = next++;
        const word = words[i % words.length]!;
        const res = await fetch(`${server.url}/api/url/add`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: `https://example.com/${word}/${i}`, metatitle: `${word} article number ${i}` }),
        });
        if (!res.ok) throw new Error(`seeding failed: HTTP ${res.status}`);
      }
    }),
  );
}

const STORY_WORDS = [
  'news',
  'recipe',
  'travel',
  'guide',
  'review',
  'launch',
  'docs',
  'blog',
  'video',
  'podcast',
  'garden',
  'music',
];

/**
 * Writes `count` links straight into the server's database, one a minute from `from` on (seeding
 * 100,000 through HTTP would take minutes). Titles are words for the search benchmarks.
 */
export function insertLinks(
  server: RunningServer,
  accountId: number,
  count: number,
  from = Date.UTC(2025, 0, 1),
): void {
  const insert = server.db.prepare(
    "INSERT INTO links (account_id, alias, longurl, title, clicks, status, date) VALUES (?, ?, ?, ?, ?, 'public', ?)",
  );
  server.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const word = STORY_WORDS[i % STORY_WORDS.length]!;
      const date = new Date(from + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      insert.run(
        accountId,
        `b${i.toString(36)}`,
        `https://example.com/${word}/${i}`,
        `${word} story ${i} ${STORY_WORDS[(i * 7) % STORY_WORDS.length]}`,
        i % 97,
        date,
      );
    }
  })();
}
