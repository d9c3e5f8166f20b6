// `npm run bench` runs every scenario; `npm run bench -- web` (or `npx tsx bench/run.ts billing`,
// without the build) runs the named ones.
// A benchmark prints what it measured against its targets; it does not fail on a missed target.
import { runConditions, type Scenario } from './support';
import { billingScenario } from './billing.scenario';
import { capacityScenario } from './capacity.scenario';
import { kitchenScenario } from './kitchen.scenario';
import { mixedScenario } from './mixed.scenario';
import { printingScenario } from './printing.scenario';
import { reportsScenario } from './reports.scenario';
import { webScenario } from './web.scenario';

const SCENARIOS: Scenario[] = [
  webScenario,
  billingScenario,
  kitchenScenario,
  printingScenario,
  reportsScenario,
  mixedScenario,
  capacityScenario,
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !SCENARIOS.some((s) => s.name === name));
if (unknown.length) {
  console.error(`Unknown scenario: ${unknown.join(', ')}. Known:`);
  for (const s of SCENARIOS) console.error(`  ${s.name.padEnd(12)} ${s.description}`);
  process.exit(2);
}

// Whether this run's figures are a result is decided now, before it loads the machine.
const run = runConditions();
console.log(
  `Commit ${run.commit}, load average ${run.load.toFixed(2)}: ${run.notAResult ? `not a result (${run.notAResult}); figures go to docs/performance-notes.md` : 'a result'}.`,
);

for (const scenario of SCENARIOS) {
  if (wanted.length && !wanted.includes(scenario.name)) continue;
  console.log(`\n=== ${scenario.name}: ${scenario.description} ===`);
  const started = performance.now();
  try {
    await scenario.run();
  } catch (error) {
    console.error(`Scenario ${scenario.name} could not run:`, error);
    process.exitCode = 1;
  }
  console.log(`\n(${scenario.name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
