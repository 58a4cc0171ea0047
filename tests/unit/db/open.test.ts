import { describe, expect, it } from 'vitest';
import { database, databaseNamed, showDatabase } from '@/lib/db/open';
import { DB_NAME } from '@/lib/db/schema';

describe('the database a context reads', () => {
  it('is one handle per name, and a page’s views read the database of the connection it shows', async () => {
    expect(databaseNamed('linkpilot-x')).toBe(databaseNamed('linkpilot-x'));
    expect(databaseNamed('linkpilot-x')).not.toBe(databaseNamed('linkpilot-y'));
    expect(database().name).toBe(DB_NAME);

    showDatabase('linkpilot-y');
    expect(database()).toBe(databaseNamed('linkpilot-y'));
    await database().meta.put({ key: 'seen', value: 'y' });
    expect(await databaseNamed('linkpilot-x').meta.get('seen')).toBeUndefined();

    // Not connected: the database of version 1, which the first connection takes.
    showDatabase(undefined);
    expect(database().name).toBe(DB_NAME);
  });
});
