/** Builds rows of SST boundary and rate files in the real layout, for tests and the bench. */
export interface BoundaryFields {
  readonly type?: string;
  readonly begin?: string;
  readonly end?: string;
  readonly zipLow?: string;
  readonly plus4Low?: string;
  readonly zipHigh?: string;
  readonly plus4High?: string;
  readonly state?: string;
  readonly indicator?: string;
  readonly county?: string;
  readonly place?: string;
  readonly ser?: string;
  /** [slot 0–19, code]: the triplet slot a district code is written in. */
  readonly districts?: readonly (readonly [number, string])[];
  /** Address (A) record fields. */
  readonly street?: {
    readonly low: string;
    readonly high: string;
    readonly parity: string;
    readonly pre?: string;
    readonly name: string;
    readonly suffix?: string;
    readonly post?: string;
    readonly zip: string;
    readonly plus4?: string;
    readonly unitLow?: string;
    readonly unitHigh?: string;
  };
  readonly columns?: 89 | 90;
}

export function boundaryLine(fields: BoundaryFields): string {
  const cells: string[] = new Array(fields.columns ?? 89).fill('');
  cells[0] = fields.type ?? '4';
  cells[1] = fields.begin ?? '20260101';
  cells[2] = fields.end ?? '29991231';
  if (fields.street !== undefined) {
    const s = fields.street;
    cells[3] = s.low;
    cells[4] = s.high;
    cells[5] = s.parity;
    cells[6] = s.pre ?? '';
    cells[7] = s.name;
    cells[8] = s.suffix ?? '';
    cells[9] = s.post ?? '';
    cells[11] = s.unitLow ?? '';
    cells[12] = s.unitHigh ?? '';
    cells[15] = s.zip;
    cells[16] = s.plus4 ?? '';
  } else {
    cells[17] = fields.zipLow ?? '';
    cells[18] = fields.plus4Low ?? '';
    cells[19] = fields.zipHigh ?? fields.zipLow ?? '';
    cells[20] = fields.plus4High ?? fields.plus4Low ?? '';
  }
  cells[21] = fields.ser ?? '';
  cells[22] = fields.state ?? '20';
  cells[23] = fields.indicator ?? fields.state ?? '20';
  cells[24] = fields.county ?? '';
  cells[25] = fields.place ?? '';
  for (const [slot, code] of fields.districts ?? []) {
    cells[29 + slot * 3] = '00';
    cells[30 + slot * 3] = code;
    cells[31 + slot * 3] = '40';
  }
  return cells.join(',');
}

export function rateLine(
  state: string,
  type: string,
  code: string,
  rate: string,
  begin = '20200101',
  end = '29991231',
  food: string = rate,
): string {
  return [state, type, code, rate, rate, food, food, begin, end].join(',');
}
