// The billing scenario's choices case (issue 20): a tap with a variant and two add-ons against a
// plain tap, on the scenario's server (bench/billing.scenario.ts); its own section of
// docs/performance.md.
import { v7 as uuidv7 } from 'uuid';
import {
  addonGroups,
  addonOptions,
  productAddonGroups,
  productVariants,
  products,
} from '../server/db/schema';
import {
  SECONDS,
  createTables,
  combined,
  ms,
  percent,
  rate,
  serverCpu,
  withCpu,
  type Backend,
  type BenchServer,
  type Run,
} from './billing-support';
import { keepAliveClient, machineInfo, measure } from './support';

/**
 * The choices case (issue 20): a tap on a line with a variant and two add-ons against a plain
 * tap, CHOICE_CLIENTS clients on their own tables, CHOICE_TURNS turns of each, alternating.
 * BENCH_BILLING_ONLY=choices runs only this case (both engines) and writes only its section.
 */
const CHOICE_CLIENTS = 4;
const CHOICE_TURNS = 4;
/** A tap with choices costs at most this much more server + database CPU than a plain one. */
const CHOICE_TARGET = 0.2;
export const ONLY_CHOICES = process.env.BENCH_BILLING_ONLY === 'choices';

/** Plain taps and taps with choices: +1 on the line, and +1 / −1 in turn (a new line each +1). */
export interface ChoiceResult {
  add: { plain: Run; chosen: Run };
  newLine: { plain: Run; chosen: Run };
}

/** A backend's choices case, as the scenario reports it. */
interface Chosen {
  backend: Backend;
  version: string;
  choices: ChoiceResult;
}

/**
 * The choices case on a branch of its own: a plain product, and a pizza with two variants
 * (Regular, Large) and two add-on groups (Extras: 0–2 of 3; Spice: exactly 1 of 2), tapped as
 * Large + Cheese + Mild. CHOICE_CLIENTS clients, each on a table of its own, in this process
 * (keep-alive connections to the server: the load process sends plain taps only), measured in
 * CHOICE_TURNS turns of each kind, alternating, so both meet the same load. "+1": every tap
 * adds to the client's line (the steady state of an order); "new line": +1 and −1 in turn, so
 * every +1 makes the line afresh with all its checks (product, variant, groups' min and max,
 * the add-ons' snapshot) and every −1 deletes it.
 */
export async function choiceRun(
  server: BenchServer,
  cookie: string,
  branchId: string,
): Promise<ChoiceResult> {
  const { backend, database, raw, url } = server;
  const db = database.db;
  const [plain, pizza] = await db
    .insert(products)
    .values([
      { branchId, name: 'Plain Dosa', pricePaise: 10_000, subcategory: 'Mains' },
      { branchId, name: 'Pizza', pricePaise: 30_000, subcategory: 'Mains' },
    ])
    .returning({ id: products.id });
  const [, large] = await db
    .insert(productVariants)
    .values([
      { branchId, productId: pizza!.id, name: 'Regular', pricePaise: 20_000, position: 0 },
      {
        branchId,
        productId: pizza!.id,
        name: 'Large',
        pricePaise: 30_000,
        position: 1,
        isDefault: true,
      },
    ])
    .returning({ id: productVariants.id });
  const [extras, spice] = await db
    .insert(addonGroups)
    .values([
      { branchId, name: 'Extras', minChoices: 0, maxChoices: 2 },
      { branchId, name: 'Spice', minChoices: 1, maxChoices: 1 },
    ])
    .returning({ id: addonGroups.id });
  const [cheese, , , mild] = await db
    .insert(addonOptions)
    .values([
      { branchId, groupId: extras!.id, name: 'Cheese', pricePaise: 3000, position: 0 },
      { branchId, groupId: extras!.id, name: 'Olives', pricePaise: 2000, position: 1 },
      { branchId, groupId: extras!.id, name: 'Jalapeno', pricePaise: 2000, position: 2 },
      { branchId, groupId: spice!.id, name: 'Mild', pricePaise: 0, position: 0 },
      { branchId, groupId: spice!.id, name: 'Hot', pricePaise: 0, position: 1 },
    ])
    .returning({ id: addonOptions.id });
  await db.insert(productAddonGroups).values([
    { branchId, productId: pizza!.id, groupId: extras!.id, position: 0 },
    { branchId, productId: pizza!.id, groupId: spice!.id, position: 1 },
  ]);
  const bodies = {
    plain: { productId: plain!.id },
    chosen: { productId: pizza!.id, variantId: large!.id, addonIds: [cheese!.id, mild!.id] },
  };
  const http = keepAliveClient(url, CHOICE_CLIENTS, { cookie });
  try {
    const result = {} as ChoiceResult;
    for (const mode of ['add', 'newLine'] as const) {
      const tableOf = {
        plain: await createTables(
          database,
          branchId,
          Array.from({ length: CHOICE_CLIENTS }, (_, i) => `Plain ${mode} ${i + 1}`),
        ),
        chosen: await createTables(
          database,
          branchId,
          Array.from({ length: CHOICE_CLIENTS }, (_, i) => `Chosen ${mode} ${i + 1}`),
        ),
      };
      const taps = (kind: 'plain' | 'chosen', seconds: number) => {
        const sent = Array.from({ length: CHOICE_CLIENTS }, () => 0);
        return withCpu(raw, null, () =>
          measure(CHOICE_CLIENTS, seconds, async (client) => {
            // New line: +1 then −1, so each +1 finds no line and makes it.
            const delta = mode === 'newLine' && sent[client]! % 2 === 1 ? -1 : 1;
            const answer = await http.post(`/api/tables/${tableOf[kind][client]}/lines`, {
              opId: uuidv7(),
              delta,
              ...bodies[kind],
            });
            if (answer.status !== 200) {
              throw new Error(`${kind} tap: ${answer.status} ${JSON.stringify(answer.body)}`);
            }
            sent[client]! += 1;
          }),
        );
      };
      // Warm-up: each kind's statements prepared and, for +1, each line made once.
      for (const kind of ['plain', 'chosen'] as const) {
        const warm = await taps(kind, 0.5);
        if (warm.errors) throw new Error(`warm-up: ${warm.firstError}`);
      }
      const rounds = { plain: [] as Run[], chosen: [] as Run[] };
      for (let turn = 0; turn < CHOICE_TURNS; turn += 1) {
        for (const kind of ['plain', 'chosen'] as const) {
          console.log(`  ${backend}: taps, ${kind}, ${mode === 'add' ? '+1' : 'new line'} …`);
          const run = await taps(kind, SECONDS / CHOICE_TURNS);
          if (run.errors) throw new Error(`${kind} taps: ${run.firstError}`);
          rounds[kind].push(run);
        }
      }
      result[mode] = { plain: combined(rounds.plain), chosen: combined(rounds.chosen) };
    }
    return result;
  } finally {
    http.close();
  }
}

export const CHOICE_HEAD = [
  'measurement',
  'per s',
  'p50 ms',
  'p99 ms',
  'CPU: choices / plain',
  'errors',
  'CPU ms per tap: Node (server and clients) / PostgreSQL',
];

export function choiceRows(result: Chosen): string[][] {
  const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const line = (label: string, m: Run, ratio?: number) => [
    `${result.backend}: ${label}`,
    rate(m),
    ms(m.p50Ms),
    ms(m.p99Ms),
    ratio === undefined ? '' : percent(ratio),
    String(m.errors),
    `${cpu(m.cpu.node)} / ${cpu(m.cpu.database)}`,
  ];
  const { add, newLine } = result.choices;
  return [
    line('+1, plain product', add.plain),
    line('+1, a variant and two add-ons', add.chosen, serverCpu(add.chosen) / serverCpu(add.plain)),
    line('new line (+1 / −1), plain product', newLine.plain),
    line(
      'new line (+1 / −1), a variant and two add-ons',
      newLine.chosen,
      serverCpu(newLine.chosen) / serverCpu(newLine.plain),
    ),
  ];
}

export function choiceVerdicts(result: Chosen): string[] {
  const { add, newLine } = result.choices;
  return (
    [
      ['+1 on its line', add],
      ['a new line (+1 / −1)', newLine],
    ] as const
  ).map(([label, pair]) => {
    const share = serverCpu(pair.chosen) / serverCpu(pair.plain);
    return `a tap with a variant and two add-ons, ${label}: ${ms(serverCpu(pair.chosen))} ms of CPU against ${ms(serverCpu(pair.plain))} ms for a plain one: ${percent(share)} (target: at most ${percent(1 + CHOICE_TARGET)}): ${share <= 1 + CHOICE_TARGET ? 'met' : 'NOT MET'}`;
  });
}

export function choiceMarkdown(results: Chosen[], load: { before: string; after: string }) {
  const machine = machineInfo();
  const table = [
    `| ${CHOICE_HEAD.join(' | ')} |`,
    `| ${CHOICE_HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...results.flatMap(choiceRows).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}, ${results.map((r) => r.version).join(', ')}.
Load average (1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it.${ONLY_CHOICES ? ' This case alone (`BENCH_BILLING_ONLY=choices`' + `, BENCH_SECONDS=${SECONDS}).` : ''}

How: the billing scenario's server and database (issue 20's case, before its other
measurements). A tap with choices is \`POST /api/tables/:tableId/lines\` naming a pizza's
variant (Large, of two) and two add-ons (Cheese of Extras: 0–2 of 3 options; Mild of Spice:
exactly 1 of 2): the server keys the line (product, variant, sorted add-ons, note), the
database finds it by that key and, for a new line, checks the product, the variant and each
group's min and max and snapshots the add-ons; the answer carries them. A plain tap names a
product without choices. ${CHOICE_CLIENTS} clients, each on a table of its own, on keep-alive
connections from the bench process (so "Node" is the server and the clients), ${CHOICE_TURNS}
turns of each kind of ${SECONDS / CHOICE_TURNS} s, alternating, after a 0.5 s warm-up of each.
"+1": every tap adds to the client's line; "new line": +1 and −1 in turn, so every +1 makes
the line afresh with all its checks. The ratio is the server + database CPU per tap with
choices over the plain tap's; on a shared machine, short alternating turns differ by some
±15 % from noise alone (a ratio under 100 % does not make choices cheaper).

${table}

Target of issue 20: a tap with a variant and two add-ons costs at most ${percent(1 + CHOICE_TARGET)} of a plain tap:

${results
  .map((result) =>
    choiceVerdicts(result)
      .map((v) => `- ${result.backend}: ${v}`)
      .join('\n'),
  )
  .join('\n')}
`;
}
