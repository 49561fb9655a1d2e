/**
 * The single table's physical shape. The CDK data construct and the local stack both build the
 * table from this definition, so the emulator's table is the deployed table.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /** Generic GSIs; which access pattern uses which is decided in store/keys.ts alone. */
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type GlobalIndexName = (typeof TABLE.globalIndexes)[number]['indexName'];
