import { beforeEach, describe, expect, it } from 'vitest';
import { bindSectionToHash, NO_LINK_FILTERS, sectionOfHash, useDashboard } from '@/components/state/dashboard';
import { AUTO_COPY_MS, usePopup } from '@/components/state/popup';

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
