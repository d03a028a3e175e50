/** Waits for something done in the background (IndexedDB transactions, lock hand-overs): at most 2 s. */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

/** Waits long enough for anything in flight (transactions, lock notices) to have happened. */
export const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5));
};
