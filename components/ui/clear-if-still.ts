/**
 * A state update that empties a field once what it held was saved, unless the person typed or
 * picked something newer while the save ran (that stays, to be saved next).
 */
export const clearIfStill =
  (sent: string) =>
  (current: string): string =>
    current === sent ? '' : current;
