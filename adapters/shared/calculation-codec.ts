/**
 * The one codec of stored calculations: every store (memory, SQLite, PostgreSQL) keeps a
 * calculation as the record of bytes made here, and reads it back here.
 *
 * `JSON.stringify` of a calculation cost about 2.3 µs for 3 lines (numbers about 25 ns each,
 * strings about 40 ns plus their characters), half of a calculation's own time. Here every
 * number, length and flag is a variable-length integer, and every string of the calculation is
 * joined into one text written once; that costs a fraction of it, and the record is smaller
 * (about 500 bytes for 3 lines, against about 2,450 as keyed JSON).
 *
 * Layout of a record: the format number ({@link RECORD_FORMAT}), the text's width (1: every unit
 * ASCII, written as latin1; 2: UTF-16, which keeps lone surrogates exactly), the integers' byte
 * count (u32), the integers, then the text. Jurisdictions' fixed parts are not in it: they are
 * the calculation's templates, a JSON text ({@link EncodedCalculation.templates}) that most
 * calculations share, so a store keeps it once and hands it (or its shared id) back to
 * {@link CalculationCodec.decode}.
 *
 * Stores keep these records for as long as their calculations live, so the layout is a file
 * format: a change to it takes a new format number and a migration that rewrites the stored
 * records, so that readers keep reading exactly one format. The `Exhaustive` checks below list
 * every field of the record types, and the round-trip property test runs the codec over random
 * calculations, so a field added to `Calculation` and forgotten here fails the build or the tests.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import type {
  Address,
  Calculation,
  CalculationCustomer,
  JurisdictionTax,
  LocationUsed,
  Metadata,
  PlatformDetails,
  TaxId,
  TaxLine,
} from '../../src/core/types.ts';
import { jurisdictionTax, sameTemplates, type Template, templateIndex } from './calculation-template.ts';

/** The first byte of every record; a new layout gets a new number (and a migration). */
export const RECORD_FORMAT = 1;

/**
 * Distinct templates texts a codec numbers for sharing. Past it, a new text gets no number
 * (`templatesId` -1) and a store keeps it beside the record, so the table cannot grow without
 * bound. One text per distinct set of jurisdictions and rates: a nationwide table of 41,000 ZIPs
 * has about 30,000 (at most about 20 MB of texts, against about 300 bytes more in each record
 * that would otherwise hold its own).
 */
export const MAX_SHARED_TEMPLATES = 65_536;

/** A calculation encoded by {@link CalculationCodec.encode}, ready to be copied into a record. */
export interface EncodedCalculation {
  /** At most this many bytes {@link CalculationCodec.write} writes. */
  readonly bytes: number;
  /** The calculation's templates as JSON text. */
  readonly templates: string;
  /** The codec's number for that text, or -1 when its table is full and the text is not shared. */
  readonly templatesId: number;
}

/**
 * Encodes calculations into records and decodes them, with the one table of shared templates
 * texts a store needs: each distinct text gets a small number, which a store may keep in place
 * of the text (the memory store does) or map to its own key (SQLite's `calculation_templates`).
 * Each store makes its own codec, so the table lives and goes with the store.
 */
export interface CalculationCodec {
  /**
   * Encodes `calculation` into the codec's buffers; {@link CalculationCodec.write} copies it
   * out. Valid until the next call: encode and write with nothing in between.
   */
  encode(calculation: Calculation): EncodedCalculation;
  /** Copies the last encoded record into `buffer` at `offset`; returns the bytes written. */
  write(buffer: Buffer, offset: number): number;
  /**
   * The calculation the record at `start` of `buffer` holds, as a new object. `templates`: the
   * shared number its encoding gave, or the templates text itself.
   */
  decode(buffer: Buffer, start: number, templates: number | string): Calculation;
  /** The templates text of a shared number. */
  templatesText(id: number): string;
  /** How many templates texts are shared now. */
  readonly sharedTemplates: number;
  /** Forgets every shared text (their numbers are reused): for a store that dropped its records. */
  clear(): void;
}

export interface CalculationCodecOptions {
  /** Default {@link MAX_SHARED_TEMPLATES}. */
  readonly maxSharedTemplates?: number;
}

/** Fails to compile when `Listed` misses a key of `T` (or names one it does not have). */
type Exhaustive<T, Listed extends keyof T> = [Exclude<keyof T, Listed>] extends [never] ? true : never;
const checks: [
  Exhaustive<
    Calculation,
    | 'id'
    | 'kind'
    | 'createdAt'
    | 'expiresAt'
    | 'currency'
    | 'taxIncluded'
    | 'automaticTax'
    | 'customer'
    | 'lines'
    | 'totalTaxMinor'
    | 'totalExcludingTaxMinor'
    | 'totalIncludingTaxMinor'
    | 'location'
    | 'origin'
    | 'metadata'
    | 'rateSnapshot'
    // Not stored: derived from the rate lookup each time a calculation is built (a replay
    // builds it again). Stores are handed the calculation with it and drop it (TaxStore).
    | 'note'
    | 'taxDate'
    | 'rateKeys'
    | 'platform'
  >,
  Exhaustive<
    TaxLine,
    | 'lineItemId'
    | 'referenceLineItemId'
    | 'referenceProductId'
    | 'productName'
    | 'productTaxCode'
    | 'quantity'
    | 'amountExcludingTaxMinor'
    | 'taxMinor'
    | 'amountIncludingTaxMinor'
    | 'jurisdictions'
  >,
  Exhaustive<
    JurisdictionTax,
    | 'jurisdictionId'
    | 'name'
    | 'rateType'
    | 'authorityName'
    | 'authorityType'
    | 'taxType'
    | 'rate'
    | 'feeMinor'
    | 'taxDue'
    | 'taxMinor'
    | 'note'
  >,
  Exhaustive<CalculationCustomer, 'type' | 'customerId' | 'taxIds' | 'isTaxExempt' | 'taxIdChecks'>,
  Exhaustive<TaxId, 'type' | 'value'>,
  Exhaustive<Address, 'line1' | 'line2' | 'city' | 'province' | 'postalCode' | 'country'>,
  Exhaustive<LocationUsed, 'address' | 'status' | 'precision' | 'source'>,
  Exhaustive<PlatformDetails, 'merchantId' | 'referenceMerchantId' | 'roles' | 'feeLines'>,
] = [true, true, true, true, true, true, true, true];
void checks;

export function createCalculationCodec(options: CalculationCodecOptions = {}): CalculationCodec {
  const maxShared = options.maxSharedTemplates ?? MAX_SHARED_TEMPLATES;
  const writer = new RecordWriter();
  /** Shared templates: text → number, number → text, and number → the parsed list, once read. */
  const ids = new Map<string, number>();
  const texts: string[] = [];
  const lists: (readonly Template[] | undefined)[] = [];
  // Calculations made one after another mostly tax the same places: the last list's text and
  // number are reused (the same string, whose hash V8 has already computed) instead of
  // stringified and looked up again, 0.5 µs of about 3.5.
  let lastTemplates: readonly Template[] = [];
  let lastText = '[]';
  let lastId = -1;

  function share(text: string): number {
    const id = ids.get(text);
    if (id !== undefined) return id;
    if (texts.length >= maxShared) return -1;
    ids.set(text, texts.length);
    texts.push(text);
    return texts.length - 1;
  }

  function listOf(id: number): readonly Template[] {
    let list = lists[id];
    if (list === undefined) {
      const text = texts[id];
      if (text === undefined) throw new Error(`A stored calculation names shared templates ${id}, which are gone.`);
      // Parsed once: decoding copies every field into new objects, so the list is never changed.
      list = JSON.parse(text) as Template[];
      lists[id] = list;
    }
    return list;
  }

  lastId = share(lastText);

  return {
    encode(calculation) {
      const templates = writer.encode(calculation);
      if (!sameTemplates(templates, lastTemplates)) {
        lastTemplates = templates;
        lastText = JSON.stringify(templates);
        lastId = share(lastText);
      }
      return { bytes: writer.bytes, templates: lastText, templatesId: lastId };
    },
    write: (buffer, offset) => writer.write(buffer, offset),
    decode(buffer, start, templates) {
      if (typeof templates === 'number') return decodeRecord(buffer, start, listOf(templates));
      const id = share(templates);
      return decodeRecord(buffer, start, id === -1 ? (JSON.parse(templates) as Template[]) : listOf(id));
    },
    templatesText(id) {
      const text = texts[id];
      if (text === undefined) throw new Error(`No shared templates ${id}.`);
      return text;
    },
    get sharedTemplates() {
      return texts.length;
    },
    clear() {
      ids.clear();
      texts.length = 0;
      lists.length = 0;
      lastTemplates = [];
      lastText = '[]';
      lastId = share(lastText);
    },
  };
}

// --- encoding -------------------------------------------------------------------------------

/**
 * The encoder's state, reused from one calculation to the next: it runs once per calculation,
 * synchronously, and the store copies the result out (write) before encoding another.
 */
class RecordWriter {
  private integers = new Uint8Array(1_024);
  private size = 0;
  private text = '';
  private textWidth = 1;
  private readonly float = new Float64Array(1);
  private readonly floatBytes = new Uint8Array(this.float.buffer);

  /** The bytes {@link RecordWriter.write} will write at most. */
  get bytes(): number {
    return 6 + this.size + this.text.length * this.textWidth;
  }

  /** Encodes `calculation`; returns its templates list. */
  encode(calculation: Calculation): Template[] {
    this.size = 0;
    this.text = '';
    const templates: Template[] = [];
    const { customer, location, platform } = calculation;
    this.str(calculation.id);
    this.str(calculation.kind);
    this.num(calculation.createdAt);
    this.num(calculation.expiresAt);
    this.str(calculation.currency);
    this.flag(calculation.taxIncluded);
    this.str(calculation.automaticTax);
    this.customer(customer);
    this.lines(calculation.lines, templates);
    this.num(calculation.totalTaxMinor);
    this.num(calculation.totalExcludingTaxMinor);
    this.num(calculation.totalIncludingTaxMinor);
    this.address(location.address);
    this.str(location.status);
    this.optionalStr(location.precision);
    this.str(location.source);
    this.flag(calculation.origin !== undefined);
    if (calculation.origin !== undefined) this.address(calculation.origin);
    // Caller JSON of any shape: its own text. (JSON also keeps a "__proto__" key an own property.)
    this.str(JSON.stringify(calculation.metadata));
    this.str(calculation.rateSnapshot);
    this.flag(calculation.taxDate !== undefined);
    if (calculation.taxDate !== undefined) this.num(calculation.taxDate);
    this.optionalList(calculation.rateKeys);
    this.flag(platform !== undefined);
    if (platform !== undefined) {
      this.str(platform.merchantId);
      this.str(platform.referenceMerchantId);
      this.list(platform.roles);
      this.lines(platform.feeLines, templates);
    }
    // One byte a unit when every unit is ASCII (the common case, checked by the runtime), else two.
    this.textWidth = Buffer.byteLength(this.text, 'utf8') === this.text.length ? 1 : 2;
    return templates;
  }

  write(buffer: Buffer, offset: number): number {
    buffer[offset] = RECORD_FORMAT;
    buffer[offset + 1] = this.textWidth;
    buffer.writeUInt32LE(this.size, offset + 2);
    let at = offset + 6;
    buffer.set(this.integers.subarray(0, this.size), at);
    at += this.size;
    at += buffer.write(this.text, at, this.textWidth === 1 ? 'latin1' : 'utf16le');
    return at - offset;
  }

  /** Room for `bytes` more integer bytes. */
  private reserve(bytes: number): void {
    if (this.size + bytes <= this.integers.length) return;
    const grown = new Uint8Array(Math.max(this.integers.length * 2, this.size + bytes));
    grown.set(this.integers.subarray(0, this.size));
    this.integers = grown;
  }

  /** A whole number from 0 to 2^55, seven bits a byte, low bits first. */
  private uint(value: number): void {
    this.reserve(8);
    const integers = this.integers;
    let size = this.size;
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
    this.size = size + 1;
  }

  /**
   * Any number: a safe integer from 0 up as twice itself (its low bit 0), everything else (a
   * negative amount, a fraction) as 1 and its eight bytes. Doubling stays exact up to 2^54.
   */
  private num(value: number): void {
    if (value >= 0 && Number.isSafeInteger(value)) {
      this.uint(value * 2);
      return;
    }
    this.uint(1);
    this.reserve(8);
    this.float[0] = value;
    this.integers.set(this.floatBytes, this.size);
    this.size += 8;
  }

  private flag(value: boolean): void {
    this.reserve(1);
    this.integers[this.size] = value ? 1 : 0;
    this.size += 1;
  }

  /** A string: its length in UTF-16 units here, its units in the text. */
  private str(value: string): void {
    this.uint(value.length);
    this.text += value;
  }

  /** A string that may be absent: 0 when absent, else its length + 1. */
  private optionalStr(value: string | undefined): void {
    if (value === undefined) {
      this.uint(0);
      return;
    }
    this.uint(value.length + 1);
    this.text += value;
  }

  private list(values: readonly string[]): void {
    this.uint(values.length);
    for (const value of values) this.str(value);
  }

  /** A list of strings that may be absent: 0 when absent, else its length + 1, then its strings. */
  private optionalList(values: readonly string[] | undefined): void {
    if (values === undefined) {
      this.uint(0);
      return;
    }
    this.uint(values.length + 1);
    for (const value of values) this.str(value);
  }

  private customer(customer: CalculationCustomer): void {
    this.str(customer.type);
    this.optionalStr(customer.customerId);
    this.uint(customer.taxIds.length);
    for (const taxId of customer.taxIds) {
      this.str(taxId.type);
      this.str(taxId.value);
    }
    this.flag(customer.isTaxExempt);
    // VAT number checks; absent on calculations made before taxkit checked numbers.
    const checks = customer.taxIdChecks;
    this.uint(checks === undefined ? 0 : checks.length + 1);
    for (const check of checks ?? []) {
      this.str(check.value);
      this.flag(check.plausible);
      this.optionalStr(check.country);
      this.optionalStr(check.reason);
    }
  }

  private lines(lines: readonly TaxLine[], templates: Template[]): void {
    this.uint(lines.length);
    for (const line of lines) {
      this.str(line.lineItemId);
      this.str(line.referenceLineItemId);
      this.str(line.referenceProductId);
      this.str(line.productName);
      this.str(line.productTaxCode);
      this.num(line.quantity);
      this.num(line.amountExcludingTaxMinor);
      this.num(line.taxMinor);
      this.num(line.amountIncludingTaxMinor);
      this.uint(line.jurisdictions.length);
      for (const tax of line.jurisdictions) {
        this.uint(templateIndex(tax, templates));
        this.str(tax.taxDue);
        this.num(tax.taxMinor);
      }
    }
  }

  private address(address: Address): void {
    this.str(address.line1);
    this.str(address.line2);
    this.str(address.city);
    this.str(address.province);
    this.str(address.postalCode);
    this.str(address.country);
  }
}

// --- decoding -------------------------------------------------------------------------------

/**
 * The id of the calculation whose record starts at `start` of `buffer`, without decoding the
 * rest (the id is the record's first string), for a store comparing ids in its index.
 */
export function recordId(buffer: Buffer, start: number): string {
  return new Reader(buffer, start).str();
}

/** The calculation the record at `start` holds, with the fixed parts from `templates`. */
function decodeRecord(buffer: Buffer, start: number, templates: readonly Template[]): Calculation {
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
