/** Scheduled demo reset — not implemented yet. */
export async function handler(): Promise<void> {
  throw new Error('not implemented');
}
