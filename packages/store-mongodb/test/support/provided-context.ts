declare module 'vitest' {
  export interface ProvidedContext {
    /** The URI of the MongoDB the tests use, or null when none could be started. */
    mongoUri: string | null;
    /** Why no MongoDB is available (shown by the skipped suites). */
    mongoSkipReason: string;
    /** Which server the URI points at: `MONGODB_URI`, `testcontainers` or `mongo-java-server`. */
    mongoServerKind: string;
  }
}

export {};
