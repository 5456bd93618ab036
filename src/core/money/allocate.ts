/**
 * Splits `total` whole units into parts proportional to `weights` (non-negative integers) so the
 * parts sum to `total` exactly: each part is floored, then the units left over go one each to
 * the largest remainders (ties to the earlier weight). A negative total is split as its
 * magnitude and negated. All weights zero → split evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const count = weights.length;
  if (count === 0) return [];
  if (total < 0) return allocate(-total, weights).map((part) => (part === 0 ? 0 : -part));
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  const effective = weightSum === 0 ? weights.map(() => 1) : weights;
  const sum = weightSum === 0 ? count : weightSum;

  const totalBig = BigInt(total);
  const sumBig = BigInt(sum);
  const parts: number[] = new Array<number>(count);
  const remainders: bigint[] = new Array<bigint>(count);
  let assigned = 0;
  for (let index = 0; index < count; index += 1) {
    const share = totalBig * BigInt(effective[index] ?? 0);
    const part = share / sumBig;
    parts[index] = Number(part);
    remainders[index] = share - part * sumBig;
    assigned += Number(part);
  }
  const order = [...parts.keys()].sort((a, b) => {
    const ra = remainders[a] ?? 0n;
    const rb = remainders[b] ?? 0n;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  for (let left = total - assigned, at = 0; left > 0; left -= 1, at += 1) {
    const index = order[at % count] ?? 0;
    parts[index] = (parts[index] ?? 0) + 1;
  }
  return parts;
}
