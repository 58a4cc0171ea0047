import { useRef } from 'react';
import { heldRoom, type RoomHeights, type RoomName } from '@/lib/browser/first-screen-snapshot';
import { useFilledIn } from './useFilledIn';

/**
 * A room of the popup held as tall as it last stood (`heights`, kept with the picture of its first
 * screen) until what goes in it has come whole (useFilledIn): spread `props` on its element. What
 * comes late then takes the room kept for it instead of pushing down what is below.
 */
export function useHeldRoom(name: RoomName, heights: RoomHeights) {
  const ref = useRef<HTMLDivElement>(null);
  const filled = useFilledIn(ref);
  const props = { ref, ...heldRoom(name), style: filled ? undefined : { minHeight: heights[name] ?? 0 } };
  return { filled, props };
}
