import { randomBytes } from 'node:crypto';
import type { Collection, Filter } from 'mongodb';
import type { VersionDocument } from '../documents.js';

/**
 * Versions that move with every write to a set of records, without multi-document transactions
 * (docs/decisions.md, "Memoized answers"). A write sets its record's `markField` to a fresh mark
 * in the same single-document write as the change (`markFields`); `settle` then moves the version
 * and only after that clears the mark. A writer that dies in between leaves its mark, and `read`
 * settles every mark it finds before it answers, so the change is never hidden behind an
 * unchanged version. `read` looks for marks first and reads the version after: a write committed
 * before the look either still has its mark (settled here) or was settled, its move already in
 * the version read next.
 */
export const createMarkedVersions = <Record extends { _id: string }>(options: {
  readonly records: Collection<Record>;
  readonly versions: Collection<VersionDocument>;
  readonly markField: keyof Record & string;
}) => {
  const { records, versions, markField } = options;

  const settle = async (versionId: string, recordId: string, mark: string): Promise<void> => {
    await versions.updateOne(
      { _id: versionId },
      { $inc: { version: 1 }, $setOnInsert: { epoch: randomBytes(6).toString('hex') } },
      { upsert: true },
    );
    await records.updateOne(
      { _id: recordId, [markField]: mark } as Filter<Record>,
      {
        $unset: { [markField]: '' },
      } as never,
    );
  };

  return {
    /** The field to set with a record's write; `settle` with the same mark then clears it. */
    markFields: (): { readonly [field: string]: string } => ({
      [markField]: randomBytes(9).toString('base64url'),
    }),
    markOf: (fields: { readonly [field: string]: string }): string => fields[markField] as string,
    settle,
    /** The version `versionId`, after settling the marked records `scope` selects. */
    async read(versionId: string, scope: Filter<Record>): Promise<string> {
      for (;;) {
        const marked = await records
          .find({ ...scope, [markField]: { $exists: true } } as Filter<Record>, {
            projection: { _id: 1, [markField]: 1 },
          })
          .limit(100)
          .toArray();
        if (marked.length === 0) break;
        for (const record of marked) {
          const mark = (record as { [field: string]: unknown })[markField];
          if (typeof mark === 'string') await settle(versionId, record._id, mark);
        }
      }
      const current = await versions.findOne({ _id: versionId });
      return current ? `${current.epoch}.${current.version}` : 'none.0';
    },
  };
};
