/** The prebuilt `station` bundle (dist/cli/station.js) if it is newer than every source file it is built from. */
export declare const freshBundle: (root: string) => string | undefined
