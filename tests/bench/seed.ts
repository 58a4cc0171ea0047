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
