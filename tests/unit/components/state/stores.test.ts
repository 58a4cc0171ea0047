import { beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '@/components/state/clock';
import { COPIED_SHOWN_MS, createCopies } from '@/components/state/copies';
import { bindSectionToHash, NO_LINK_FILTERS, sectionOfHash, useDashboard } from '@/components/state/dashboard';
import { AUTO_COPY_MS, createPopupStore, usePopup } from '@/components/state/popup';

/** A clock moved by hand: timers run when the test moves time past them. */
function handClock() {
  let now = 0;
  let timers: Array<{ at: number; then: () => void }> = [];
  const clock: Clock = {
    now: () => now,
    after: (ms, then) => void timers.push({ at: now + ms, then }),
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.then();
    },
  };
}

const initialDashboard = useDashboard.getState();
const initialPopup = usePopup.getState();
beforeEach(() => {
  useDashboard.setState(initialDashboard, true);
  usePopup.setState(initialPopup, true);
});

describe('dashboard state', () => {
  it('merges filter changes and keeps the others', () => {
    useDashboard.getState().filterLinks({ search: 'news' });
    useDashboard.getState().filterLinks({ sort: 'clicks' });
    expect(useDashboard.getState().linkQuery).toEqual({ ...NO_LINK_FILTERS, search: 'news', sort: 'clicks' });
  });

  it('closes the create form when a link opens', () => {
    useDashboard.getState().setCreatingLink(true);
    useDashboard.getState().openLinkDetail('l1');
    expect(useDashboard.getState()).toMatchObject({ openLink: 'l1', creatingLink: false });
  });

  it('reads the section from the hash, now and on every change', () => {
    expect(sectionOfHash('#/channels')).toBe('channels');
    expect(sectionOfHash('#links?x=1')).toBe('links');
    expect(sectionOfHash('')).toBe('');
    const listeners: Array<() => void> = [];
    const target = {
      location: { hash: '#/qr' } as Location,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    } as unknown as Window;
    bindSectionToHash(target);
    expect(useDashboard.getState().section).toBe('qr');
    target.location.hash = '#/sync';
    for (const listener of listeners) listener();
    expect(useDashboard.getState().section).toBe('sync');
  });
});

describe('popup state', () => {
  it('copies a created link once its short URL arrives soon after, then records how the copy went', () => {
    usePopup.getState().created('l9', 1_000);
    expect(usePopup.getState()).toMatchObject({ createdKey: 'l9', copy: 'waiting' });
    expect(usePopup.getState().shortUrlArrived(1_000 + AUTO_COPY_MS)).toBe(true);
    usePopup.getState().copyDone(false);
    expect(usePopup.getState().copy).toBe('failed');
    expect(usePopup.getState().shortUrlArrived(1_000 + AUTO_COPY_MS)).toBe(false);
  });

  it('offers Copy instead of overwriting the clipboard when the short URL comes late', () => {
    usePopup.getState().created('l9', 1_000);
    expect(usePopup.getState().shortUrlArrived(1_001 + AUTO_COPY_MS)).toBe(false);
    expect(usePopup.getState().copy).toBe('offered');
  });
});

describe('copy state returns by itself', () => {
  it('says "Copied" for a few seconds after a copy, then offers Copy again', () => {
    const time = handClock();
    const copies = createCopies(time.clock);
    copies.getState().copied('https://go.example/a', true, 'button-1');
    expect(copies.getState().last).toMatchObject({ text: 'https://go.example/a', ok: true, by: 'button-1' });
    time.advance(COPIED_SHOWN_MS - 1);
    expect(copies.getState().last).not.toBeNull();
    time.advance(1);
    expect(copies.getState().last).toBeNull();
    expect(COPIED_SHOWN_MS).toBeLessThanOrEqual(5_000);
  });

  it('gives a newer copy its own full time', () => {
    const time = handClock();
    const copies = createCopies(time.clock);
    copies.getState().copied('https://go.example/a', true, 'button-1');
    time.advance(COPIED_SHOWN_MS - 100);
    copies.getState().copied('https://go.example/b', true, 'recent-keyboard');
    time.advance(100);
    expect(copies.getState().last).toMatchObject({ text: 'https://go.example/b', by: 'recent-keyboard' });
    time.advance(COPIED_SHOWN_MS - 100);
    expect(copies.getState().last).toBeNull();
  });

  it('lets the popup\'s "Copied" note go after the same time, and keeps offering Copy after a failure', () => {
    const time = handClock();
    const popup = createPopupStore(time.clock);
    popup.getState().created('l1', 0);
    expect(popup.getState().shortUrlArrived(10)).toBe(true);
    popup.getState().copyDone(true);
    expect(popup.getState().copy).toBe('copied');
    time.advance(COPIED_SHOWN_MS);
    expect(popup.getState().copy).toBe('idle');

    popup.getState().created('l2', 0);
    popup.getState().shortUrlArrived(10);
    popup.getState().copyDone(false);
    time.advance(COPIED_SHOWN_MS * 2);
    expect(popup.getState().copy).toBe('failed');
  });
});
