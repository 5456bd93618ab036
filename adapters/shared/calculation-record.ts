/**
 * A calculation as a record of bytes: the memory store's form, and the SQLite store's body.
 *
 * `JSON.stringify` of the compact JSON form (`compact-calculation.ts`) cost about 2.3 µs for a
 * 3-line calculation (numbers about 25 ns each, strings about 40 ns plus their characters),
 * half of a calculation's own time. Here every number, length and flag is a variable-length
 * integer, and every string of the calculation is joined into one text written once; that
 * costs a fraction of it, and the record is smaller (about 500 bytes against 670).
 *
 * Layout: the format number ({@link RECORD_FORMAT}), the text's width (1: every unit ASCII,
 * written as latin1; 2: UTF-16, which keeps lone surrogates exactly), the integers' byte count
 * (u32), the integers, then the text. Jurisdictions' fixed parts are not in it: they are the
 * calculation's templates ({@link templatesText}), which both stores keep once for the many
 * calculations that share them.
 *
 * SQLite files keep these records for as long as their calculations live, so the layout is a
 * file format: a change to it takes a new format number, and the decoder keeps reading the old
 * one. The `Exhaustive` checks in `compact-calculation.ts` list every field of the record types,
 * and the round-trip property test runs this form and the compact one over the same random
 * calculations, so a field added to `Calculation` and forgotten here fails the tests.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import type {
  Address,
  Calculation,
  CalculationCustomer,
  JurisdictionTax,
  Metadata,
  TaxLine,
} from '../../src/core/types.ts';
import { jurisdictionTax, type Template, templateIndex, templatesText } from './compact-calculation.ts';

/** A calculation encoded by {@link encodeCalculation}, ready to be copied into a record. */
export interface EncodedCalculation {
  /** Bytes {@link writeEncoded} writes. */
  readonly bytes: number;
  /** The calculation's templates as JSON text, which the stores keep once for the calculations sharing it. */
  readonly templates: string;
}

/** The first byte of every record; a new layout gets a new number. */
export const RECORD_FORMAT = 1;

// The encoder's state, reused from one calculation to the next: it runs once per calculation,
// synchronously, and the store copies the result out (writeEncoded) before encoding another.
let integers = new Uint8Array(1_024);
let size = 0;
let text = '';
let textWidth = 1;
const float = new Float64Array(1);
const floatBytes = new Uint8Array(float.buffer);

/**
 * Encodes `calculation` into the encoder's buffers; {@link writeEncoded} copies it out. Valid
 * until the next call.
 */
export function encodeCalculation(calculation: Calculation): EncodedCalculation {
  size = 0;
  text = '';
  const templates: Template[] = [];
  const { customer, location, platform } = calculation;
  str(calculation.id);
  str(calculation.kind);
  num(calculation.createdAt);
  num(calculation.expiresAt);
  str(calculation.currency);
  flag(calculation.taxIncluded);
  str(calculation.automaticTax);
  encodeCustomer(customer);
  encodeLines(calculation.lines, templates);
  num(calculation.totalTaxMinor);
  num(calculation.totalExcludingTaxMinor);
  num(calculation.totalIncludingTaxMinor);
  encodeAddress(location.address);
  str(location.status);
  optionalStr(location.precision);
  str(location.source);
  flag(calculation.origin !== undefined);
  if (calculation.origin !== undefined) encodeAddress(calculation.origin);
  // Caller JSON of any shape: its own text. (JSON also keeps a "__proto__" key an own property.)
  str(JSON.stringify(calculation.metadata));
  str(calculation.rateSnapshot);
  flag(calculation.taxDate !== undefined);
  if (calculation.taxDate !== undefined) num(calculation.taxDate);
  encodeOptionalList(calculation.rateKeys);
  flag(platform !== undefined);
  if (platform !== undefined) {
    str(platform.merchantId);
    str(platform.referenceMerchantId);
    encodeList(platform.roles);
    encodeLines(platform.feeLines, templates);
  }
  // One byte a unit when every unit is ASCII (the common case, checked by the runtime), else two.
  textWidth = Buffer.byteLength(text, 'utf8') === text.length ? 1 : 2;
  return { bytes: 6 + size + text.length * textWidth, templates: templatesText(templates) };
}

/** Copies the last {@link encodeCalculation} into `buffer` at `offset`; returns the bytes written. */
export function writeEncoded(buffer: Buffer, offset: number): number {
  buffer[offset] = RECORD_FORMAT;
  buffer[offset + 1] = textWidth;
  buffer.writeUInt32LE(size, offset + 2);
  let at = offset + 6;
  buffer.set(integers.subarray(0, size), at);
  at += size;
  at += buffer.write(text, at, textWidth === 1 ? 'latin1' : 'utf16le');
  return at - offset;
}

/** The calculation a record written by {@link writeEncoded} holds, as a new object. */
export function decodeCalculation(buffer: Buffer, start: number, templates: readonly Template[]): Calculation {
  const read = new Reader(buffer, start);
  const id = read.str();
  const kind = read.str() as Calculation['kind'];
  const createdAt = read.num();
  const expiresAt = read.num();
  const currency = read.str();
  const taxIncluded = read.flag();
  const automaticTax = read.str() as Calculation['automaticTax'];
  const customer = decodeCustomer(read);
  const lines = decodeLines(read, templates);
  const totalTaxMinor = read.num();
  const totalExcludingTaxMinor = read.num();
  const totalIncludingTaxMinor = read.num();
  const address = decodeAddress(read);
  const status = read.str() as Calculation['location']['status'];
  const precision = read.optionalStr() as Calculation['location']['precision'];
  const source = read.str() as Calculation['location']['source'];
  const origin = read.flag() ? decodeAddress(read) : undefined;
  const metadata = JSON.parse(read.str()) as Metadata;
  const rateSnapshot = read.str();
  const taxDate = read.flag() ? read.num() : undefined;
  const rateKeys = read.optionalList();
  const platform = read.flag()
    ? {
        merchantId: read.str(),
        referenceMerchantId: read.str(),
        roles: read.list(),
        feeLines: decodeLines(read, templates),
      }
    : undefined;
  return {
    id,
    kind,
    createdAt,
    expiresAt,
    currency,
    taxIncluded,
    automaticTax,
    customer,
    lines,
    totalTaxMinor,
    totalExcludingTaxMinor,
    totalIncludingTaxMinor,
    // A zero answer that resolved nothing has no precision.
    location: { address, status, ...(precision === undefined ? {} : { precision }), source },
    ...(origin === undefined ? {} : { origin }),
    metadata,
    rateSnapshot,
    ...(taxDate === undefined ? {} : { taxDate }),
    ...(rateKeys === undefined ? {} : { rateKeys }),
    ...(platform === undefined ? {} : { platform }),
  };
}

// --- encoding -------------------------------------------------------------------------------

/** Room for `bytes` more integer bytes. */
function reserve(bytes: number): void {
  if (size + bytes <= integers.length) return;
  const grown = new Uint8Array(Math.max(integers.length * 2, size + bytes));
  grown.set(integers.subarray(0, size));
  integers = grown;
}

/** A whole number from 0 to 2^55, seven bits a byte, low bits first. */
function uint(value: number): void {
  reserve(8);
  let rest = value;
  if (rest < 2 ** 31) {
    while (rest >= 128) {
      integers[size] = (rest & 127) | 128;
      size += 1;
      rest >>>= 7;
    }
  } else {
    while (rest >= 128) {
      integers[size] = (rest % 128) | 128;
      size += 1;
      rest = Math.floor(rest / 128);
    }
  }
  integers[size] = rest;
  size += 1;
}

/**
 * Any number: a safe integer from 0 up as twice itself (its low bit 0), everything else (a
 * negative amount, a fraction) as 1 and its eight bytes. Doubling stays exact up to 2^54.
 */
function num(value: number): void {
  if (value >= 0 && Number.isSafeInteger(value)) {
    uint(value * 2);
    return;
  }
  uint(1);
  reserve(8);
  float[0] = value;
  integers.set(floatBytes, size);
  size += 8;
}

function flag(value: boolean): void {
  reserve(1);
  integers[size] = value ? 1 : 0;
  size += 1;
}

/** A string: its length in UTF-16 units here, its units in the text. */
function str(value: string): void {
  uint(value.length);
  text += value;
}

/** A string that may be absent: 0 when absent, else its length + 1. */
function optionalStr(value: string | undefined): void {
  if (value === undefined) {
    uint(0);
    return;
  }
  uint(value.length + 1);
  text += value;
}

function encodeList(values: readonly string[]): void {
  uint(values.length);
  for (const value of values) str(value);
}

/** A list of strings that may be absent: 0 when absent, else its length + 1, then its strings. */
function encodeOptionalList(values: readonly string[] | undefined): void {
  if (values === undefined) {
    uint(0);
    return;
  }
  uint(values.length + 1);
  for (const value of values) str(value);
}

function encodeCustomer(customer: CalculationCustomer): void {
  str(customer.type);
  optionalStr(customer.customerId);
  uint(customer.taxIds.length);
  for (const taxId of customer.taxIds) {
    str(taxId.type);
    str(taxId.value);
  }
  flag(customer.isTaxExempt);
  // VAT number checks; absent on calculations made before taxkit checked numbers.
  const checks = customer.taxIdChecks;
  uint(checks === undefined ? 0 : checks.length + 1);
  for (const check of checks ?? []) {
    str(check.value);
    flag(check.plausible);
    optionalStr(check.country);
    optionalStr(check.reason);
  }
}

function encodeLines(lines: readonly TaxLine[], templates: Template[]): void {
  uint(lines.length);
  for (const line of lines) {
    str(line.lineItemId);
    str(line.referenceLineItemId);
    str(line.referenceProductId);
    str(line.productName);
    str(line.productTaxCode);
    num(line.quantity);
    num(line.amountExcludingTaxMinor);
    num(line.taxMinor);
    num(line.amountIncludingTaxMinor);
    uint(line.jurisdictions.length);
    for (const tax of line.jurisdictions) {
      uint(templateIndex(tax, templates));
      str(tax.taxDue);
      num(tax.taxMinor);
    }
  }
}

function encodeAddress(address: Address): void {
  str(address.line1);
  str(address.line2);
  str(address.city);
  str(address.province);
  str(address.postalCode);
  str(address.country);
}

// --- decoding -------------------------------------------------------------------------------

/** Reads a record's integers in order, and its strings out of its text. */
class Reader {
  private at: number;
  private unit = 0;
  private readonly width: number;
  private readonly textStart: number;

  constructor(
    private readonly buffer: Buffer,
    start: number,
  ) {
    if (buffer[start] !== RECORD_FORMAT) throw new Error(`Unknown calculation record format ${String(buffer[start])}.`);
    this.width = buffer[start + 1] as number;
    this.at = start + 6;
    this.textStart = this.at + buffer.readUInt32LE(start + 2);
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.buffer[this.at] as number;
      this.at += 1;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }

  num(): number {
    const head = this.uint();
    if (head % 2 === 0) return head / 2;
    const value = this.buffer.readDoubleLE(this.at);
    this.at += 8;
    return value;
  }

  flag(): boolean {
    const value = this.buffer[this.at] === 1;
    this.at += 1;
    return value;
  }

  str(): string {
    return this.units(this.uint());
  }

  optionalStr(): string | undefined {
    const length = this.uint();
    return length === 0 ? undefined : this.units(length - 1);
  }

  list(): string[] {
    const values: string[] = [];
    for (let count = this.uint(); count > 0; count -= 1) values.push(this.str());
    return values;
  }

  optionalList(): string[] | undefined {
    const length = this.uint();
    if (length === 0) return undefined;
    const values: string[] = [];
    for (let index = 1; index < length; index += 1) values.push(this.str());
    return values;
  }

  /** The next `length` units of the text, as a string of its own. */
  private units(length: number): string {
    if (length === 0) return '';
    const from = this.textStart + this.unit * this.width;
    this.unit += length;
    return this.buffer.toString(this.width === 1 ? 'latin1' : 'utf16le', from, from + length * this.width);
  }
}

function decodeCustomer(read: Reader): CalculationCustomer {
  const type = read.str() as CalculationCustomer['type'];
  const customerId = read.optionalStr();
  const taxIds: { type: string; value: string }[] = [];
  for (let count = read.uint(); count > 0; count -= 1) taxIds.push({ type: read.str(), value: read.str() });
  const isTaxExempt = read.flag();
  const checks = read.uint();
  const taxIdChecks: NonNullable<CalculationCustomer['taxIdChecks']>[number][] = [];
  for (let index = 1; index < checks; index += 1) {
    const value = read.str();
    const plausible = read.flag();
    const country = read.optionalStr();
    const reason = read.optionalStr();
    taxIdChecks.push({
      value,
      plausible,
      ...(country === undefined ? {} : { country }),
      ...(reason === undefined ? {} : { reason }),
    });
  }
  return {
    type,
    ...(customerId === undefined ? {} : { customerId }),
    taxIds,
    isTaxExempt,
    ...(checks === 0 ? {} : { taxIdChecks }),
  };
}

function decodeLines(read: Reader, templates: readonly Template[]): TaxLine[] {
  const lines: TaxLine[] = [];
  for (let count = read.uint(); count > 0; count -= 1) {
    const lineItemId = read.str();
    const referenceLineItemId = read.str();
    const referenceProductId = read.str();
    const productName = read.str();
    const productTaxCode = read.str();
    const quantity = read.num();
    const amountExcludingTaxMinor = read.num();
    const taxMinor = read.num();
    const amountIncludingTaxMinor = read.num();
    const jurisdictions: JurisdictionTax[] = [];
    for (let entries = read.uint(); entries > 0; entries -= 1) {
      const index = read.uint();
      const taxDue = read.str();
      jurisdictions.push(jurisdictionTax(templates, index, taxDue, read.num()));
    }
    lines.push({
      lineItemId,
      referenceLineItemId,
      referenceProductId,
      productName,
      productTaxCode,
      quantity,
      amountExcludingTaxMinor,
      taxMinor,
      amountIncludingTaxMinor,
      jurisdictions,
    });
  }
  return lines;
}

function decodeAddress(read: Reader): Address {
  return {
    line1: read.str(),
    line2: read.str(),
    city: read.str(),
    province: read.str(),
    postalCode: read.str(),
    country: read.str(),
  };
}
