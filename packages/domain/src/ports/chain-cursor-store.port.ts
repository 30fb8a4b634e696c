/** How far a scanner of the solidified chain has got, kept in the store so every instance shares it. */
export interface ChainCursorStore {
  /** The last block fully scanned by the named scanner; null before its first run. */
  read(name: string): Promise<number | null>;
  /**
   * Moves the cursor from `expected` (null: not set yet) to `next` in one guarded write; false
   * when another scanner moved it first (its work then covers these blocks).
   */
  advance(name: string, expected: number | null, next: number, at: Date): Promise<boolean>;
}
