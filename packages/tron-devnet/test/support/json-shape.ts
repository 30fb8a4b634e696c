import { javaTronFixture } from '@trx-shop/test-kit';

/** A java-tron reply recorded from its documentation page (`test/fixtures/<name>`). */
export const loadFixture = (name: string): unknown => javaTronFixture(name);

const jsonType = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/**
 * Every place where the devnet's answer differs from java-tron's in field names or JSON types,
 * recursively. Array items are compared with java-tron's first item (when its example has one).
 */
export const shapeDifferences = (devnet: unknown, javaTron: unknown, path = '$'): string[] => {
  const devnetType = jsonType(devnet);
  const javaTronType = jsonType(javaTron);
  if (devnetType !== javaTronType) return [`${path}: devnet ${devnetType}, java-tron ${javaTronType}`];
  if (Array.isArray(devnet) && Array.isArray(javaTron)) {
    if (javaTron.length === 0) return [];
    return devnet.flatMap((item, index) => shapeDifferences(item, javaTron[0], `${path}[${index}]`));
  }
  if (devnetType !== 'object') return [];
  const ours = devnet as Record<string, unknown>;
  const theirs = javaTron as Record<string, unknown>;
  const differences: string[] = [];
  for (const key of Object.keys(theirs)) {
    if (!(key in ours)) differences.push(`${path}.${key}: only java-tron`);
  }
  for (const key of Object.keys(ours)) {
    if (!(key in theirs)) differences.push(`${path}.${key}: only devnet`);
    else differences.push(...shapeDifferences(ours[key], theirs[key], `${path}.${key}`));
  }
  return differences;
};
