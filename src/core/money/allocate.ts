/**
 * Splits `total` whole units into parts proportional to `weights` (non-negative integers) so the
 * parts sum to `total` exactly: each part is floored, then the units left over go one each to
 * the largest remainders (ties to the earlier weight). A negative total is split as its
 * magnitude and negated. All weights zero → split evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const count = weights.length;
  if (count === 0) return [];
  if (count === 1) return [total];
  if (total < 0) return allocate(-total, weights).map((part) => (part === 0 ? 0 : -part));
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  const effective = weightSum === 0 ? weights.map(() => 1) : weights;
  const sum = weightSum === 0 ? count : weightSum;
  // Numbers while total × sum stays exact, BigInt beyond; the split is the same either way.
  return Number.isSafeInteger(total * sum) ? splitNumbers(total, effective, sum) : splitBig(total, effective, sum);
}

function splitNumbers(total: number, weights: readonly number[], sum: number): number[] {
  const parts: number[] = [];
  const remainders: number[] = [];
  let left = total;
  for (let index = 0; index < weights.length; index += 1) {
    const share = total * (weights[index] as number);
    const part = Math.floor(share / sum);
    parts[index] = part;
    remainders[index] = share - part * sum;
    left -= part;
  }
  return distributeLeft(parts, remainders, left);
}

function splitBig(total: number, weights: readonly number[], sum: number): number[] {
  const totalBig = BigInt(total);
  const sumBig = BigInt(sum);
  const parts: number[] = [];
  const remainders: bigint[] = [];
  let left = total;
  for (let index = 0; index < weights.length; index += 1) {
    const share = totalBig * BigInt(weights[index] as number);
    const part = share / sumBig;
    parts[index] = Number(part);
    remainders[index] = share - part * sumBig;
    left -= Number(part);
  }
  return distributeLeft(parts, remainders, left);
}

/** Gives the `left` units one each to the largest remainders, ties to the earlier index. */
function distributeLeft<R extends number | bigint>(parts: number[], remainders: readonly R[], left: number): number[] {
  if (left === 0) return parts;
  const order = [...parts.keys()].sort((a, b) => {
    const ra = remainders[a] as R;
    const rb = remainders[b] as R;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  for (let at = 0; left > 0; left -= 1, at += 1) {
    const index = order[at % parts.length] as number;
    parts[index] = (parts[index] as number) + 1;
  }
  return parts;
}
