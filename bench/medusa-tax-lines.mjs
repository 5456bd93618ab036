// `npm run bench:medusa`: taxkit/medusa's getTaxLines for one Medusa cart of 10 items and a
// shipping line (Kansas ZIP+4, memory store), beside its floor in the same rounds: the same
// 11-line calculation made straight through engine.calculations.create. Also counts the taxkit
// calculations each getTaxLines call makes (the target is one, never one per item). Writes its
// section of bench/RESULTS.md with --write.
//
//   node bench/medusa-tax-lines.mjs [--rounds 5] [--ms 1000] [--write]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { taxkit } from './harness/dist.mjs';
import { compare } from './harness/measure.mjs';
import { writeResultsSection } from './harness/results-section.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    ms: { type: 'string', default: '1000' },
    write: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const ms = Number(values.ms);
const { TaxkitTaxProvider } = await import(new URL('../dist/src/integrations/medusa/index.js', import.meta.url).href);

const origin = {
  line1: '1 Main St',
  line2: '',
  city: 'Kansas City',
  province: 'KS',
  postalCode: '66101',
  country: 'US',
};
const engine = taxkit.createTaxEngine({ defaultOrigin: origin });
let calculations = 0;
const create = engine.calculations.create;
engine.calculations.create = (...args) => {
  calculations += 1;
  return create(...args);
};
const provider = new TaxkitTaxProvider({}, { engine });

const items = Array.from({ length: 10 }, (_, index) => ({
  line_item: {
    id: `cali_${index}`,
    product_id: `prod_${index}`,
    unit_price: (9.99 + index).toFixed(2),
    quantity: 1 + (index % 3),
    currency_code: 'usd',
  },
  rates: [],
}));
const shipping = [
  { shipping_line: { id: 'casm_1', shipping_option_id: 'so_1', unit_price: 4.5, currency_code: 'usd' }, rates: [] },
];
const context = {
  address: {
    country_code: 'us',
    province_code: 'us-ks',
    postal_code: '66044-1234',
    city: 'Lawrence',
    address_1: '1 Massachusetts St',
  },
  customer: { id: 'cus_1', email: 'buyer@example.com', customer_groups: [] },
};
// The floor: the same calculation as the provider makes, without the provider around it.
const body = {
  customer: {
    address: {
      address_country: 'US',
      address_province: 'KS',
      address_postal_code: '66044-1234',
      address_city: 'Lawrence',
      address_line_1: '1 Massachusetts St',
    },
  },
  order_details: {
    customer_currency_code: 'USD',
    tax_included_in_amount: false,
    line_items: [
      ...items.map(({ line_item: item }) => ({
        reference_line_item_id: item.id,
        product_category: 'GENERAL_MERCHANDISE',
        amount: Math.round(Number(item.unit_price) * 100) * item.quantity,
        quantity: item.quantity,
      })),
      { reference_line_item_id: 'casm_1', product_category: 'SHIPPING', amount: 450, quantity: 1 },
    ],
  },
};

const lines = await provider.getTaxLines(items, shipping, context);
if (lines.length !== 11) throw new Error(`expected 11 tax lines, got ${lines.length}`);
calculations = 0;
let calls = 0;
const result = await compare({
  subject: {
    label: 'TaxkitTaxProvider.getTaxLines (10 items + shipping, memory store)',
    run: () => {
      calls += 1;
      return provider.getTaxLines(items, shipping, context);
    },
  },
  floor: { label: 'engine.calculations.create of the same 11 lines', run: () => create(body) },
  rounds,
  ms,
});
const perCall = calculations / calls;
const fmt = (msValue) => (msValue >= 1 ? `${msValue.toFixed(2)} ms` : `${(msValue * 1000).toFixed(0)} µs`);
const cpu = cpus();
const section = [
  '<!-- medusa-bench:start -->',
  '## Medusa: getTaxLines for a 10-item cart and shipping (`npm run bench:medusa`)',
  '',
  `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC; load average at the end ${loadavg()
    .map((v) => v.toFixed(2))
    .join(
      ' / ',
    )}. ${rounds} interleaved rounds of ${ms} ms; the provider over the embedded rates and a memory store, a Kansas ZIP+4 address, a customer taxkit does not know (one store read for the customer per call).`,
  '',
  '| measure | taxkit/medusa | floor, same run | ratio | target | met |',
  '| --- | --- | --- | --- | --- | --- |',
  `| getTaxLines, 10 items + shipping | **${Math.round(result.subject.median).toLocaleString('en-US')}/s**, p50 ${fmt(result.subject.p50)}, p99 **${fmt(result.subject.p99)}** | engine.calculations.create, same 11 lines: ${Math.round(result.floor.median).toLocaleString('en-US')}/s, p50 ${fmt(result.floor.p50)}, p99 ${fmt(result.floor.p99)} | ${result.ratio.toFixed(2)} | p99 < 1 ms | ${result.subject.p99 < 1 ? 'yes' : '**no**'} |`,
  `| taxkit calculations per getTaxLines call | **${perCall.toFixed(2)}** (${calculations.toLocaleString('en-US')} in ${calls.toLocaleString('en-US')} calls) | – | – | 1, never one per item | ${perCall === 1 ? 'yes' : '**no**'} |`,
  '',
  '<!-- medusa-bench:end -->',
].join('\n');
process.stdout.write(`${section}\n`);
if (values.write) {
  await writeResultsSection('medusa-bench', section);
  process.stderr.write('bench: wrote the Medusa section of bench/RESULTS.md\n');
}
