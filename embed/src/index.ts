/** Timeledger embed bundle — placeholder from the skeleton; the embed issue builds the real one. */
export {};
