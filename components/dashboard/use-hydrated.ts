import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/** False in the server's HTML and until React has attached the page's handlers; true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}
