// The billing scenario's GST case (issue 19): the same 10-line payment on a branch not
// registered and on a registered one, on the scenario's server (bench/billing.scenario.ts).
import { computeBill } from '../shared/tax';
import {
  benchBranch,
  combined,
  createMenu,
  createTables,
  fillOrders,
  withCpu,
  type BenchServer,
  type Run,
} from './billing-support';
import { SIZE_CLIENTS } from './billing-sizes';

/** A payment with GST costs at most this much more CPU than one without (issue 19). */
export const TAX_TARGET = 0.1;
/** Rounds of the GST case per branch, alternating; each pays TAX_TABLES tables. */
export const TAX_TURNS = 4;
export const TAX_TABLES = Number(process.env.BENCH_TAX_TABLES ?? 150);

/** The registered branch of the GST case: a tax invoice, exclusive prices, round-off. */
const REGULAR_PROFILE = {
  regime: 'regular' as const,
  gstin: '27AAPFU0939F1ZV',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 0,
  invoicePrefix: 'GST',
};

/**
 * The GST case: the same 10-line payments on two branches of their own, one not registered (no
 * tax: its total is the subtotal) and one registered (a tax invoice at 5 %, exclusive prices,
 * round-off: its total from shared/tax.ts, as the server works it out), in TAX_TURNS rounds
 * each, alternating, so both meet the same load; each round pays TAX_TABLES tables.
 */
export async function taxRun(server: BenchServer): Promise<{ untaxed: Run; taxed: Run }> {
  const { backend, database, raw } = server;
  const branchOf = async (label: string, taxProfile?: typeof REGULAR_PROFILE) => {
    const branch = await benchBranch(database, taxProfile ? { taxProfile } : {});
    const menu = await createMenu(database, branch.branchId);
    const tableIds = await createTables(
      database,
      branch.branchId,
      Array.from({ length: TAX_TABLES }, (_, i) => `${label} ${i + 1}`),
    );
    const load = await server.loadClient(branch.staff.email, SIZE_CLIENTS);
    return {
      label,
      branchId: branch.branchId,
      menu,
      tableIds,
      load,
      taxProfile,
      runs: [] as Run[],
    };
  };
  const untaxed = await branchOf('Untaxed');
  const taxed = await branchOf('Taxed', REGULAR_PROFILE);
  const pay = async (branch: typeof untaxed) => {
    const subtotal = await fillOrders(database, branch.branchId, branch.menu, branch.tableIds);
    const amountPaise = branch.taxProfile
      ? computeBill(
          branch.menu.map((dish) => ({
            unitPricePaise: dish.pricePaise,
            quantity: 2,
            gstRateBps: 500,
            outsideGst: false,
          })),
          0,
          branch.taxProfile,
        ).totalPaise
      : subtotal;
    console.log(`  ${backend}: payments, ${branch.label} …`);
    const run = await withCpu(raw, branch.load.pid, () =>
      branch.load.run({
        kind: 'payments',
        clients: SIZE_CLIENTS,
        seconds: 60,
        tableIds: branch.tableIds,
        amountPaise,
      }),
    );
    if (run.errors) throw new Error(`${branch.label} payments: ${run.firstError}`);
    return run;
  };
  for (let turn = 0; turn < TAX_TURNS; turn += 1) {
    for (const branch of [untaxed, taxed]) branch.runs.push(await pay(branch));
  }
  return { untaxed: combined(untaxed.runs), taxed: combined(taxed.runs) };
}
