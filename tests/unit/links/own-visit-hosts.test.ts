import { describe, expect, it } from 'vitest';
import { hostsToGiveBack } from '@/lib/links/own-visit-hosts';

const a = { database: 'linkpilot', baseUrl: 'https://links.example.com' };
const b = { database: 'linkpilot-b', baseUrl: 'https://go.brand-b.test/api' };
const fixed = ['http://127.0.0.1/*'];
const requested = {
  // a's branded domains, one of which is b's service, one the local server of the manifest.
  linkpilot: ['https://brand-a.test/*', 'https://go.brand-b.test/*', 'http://127.0.0.1/*'],
  'linkpilot-b': ['https://brand-b.test/*', 'https://shared.test/*'],
};

describe('which branded-domain hosts "Own visits not counted" gives back', () => {
  it('keeps them all while the setting is on and every connection is there', () => {
    expect(hostsToGiveBack({ requested, on: true, connections: [a, b], fixed })).toEqual({
      giveBack: [],
      kept: requested,
    });
  });

  it('gives back every one once the setting is off, except a remaining service and a fixed origin', () => {
    const { giveBack, kept } = hostsToGiveBack({ requested, on: false, connections: [a, b], fixed });
    expect(giveBack.sort()).toEqual(['https://brand-a.test/*', 'https://brand-b.test/*', 'https://shared.test/*']);
    expect(kept).toEqual({});
  });

  it("gives back a removed connection's hosts, except those another connection still needs", () => {
    const withShared = { ...requested, linkpilot: [...requested.linkpilot, 'https://shared.test/*'] };
    // b removed: its brand goes; the host a also asked for stays.
    expect(hostsToGiveBack({ requested: withShared, on: true, connections: [a], fixed })).toEqual({
      giveBack: ['https://brand-b.test/*'],
      kept: { linkpilot: withShared.linkpilot },
    });
    // a removed: b's service keeps its access, as does the manifest's local server.
    expect(hostsToGiveBack({ requested, on: true, connections: [b], fixed })).toEqual({
      giveBack: ['https://brand-a.test/*'],
      kept: { 'linkpilot-b': requested['linkpilot-b'] },
    });
  });

  it('gives back everything asked for when the last connection is removed', () => {
    const { giveBack } = hostsToGiveBack({ requested, on: true, connections: [], fixed: [] });
    expect(giveBack.sort()).toEqual([
      'http://127.0.0.1/*',
      'https://brand-a.test/*',
      'https://brand-b.test/*',
      'https://go.brand-b.test/*',
      'https://shared.test/*',
    ]);
  });
});
