import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files a run prints. */
const SHOWN = 10;

/**
 * A vitest reporter that prints, after the run, the slowest test files with their time (setup,
 * import and tests: what the file cost the run) and tier, so CI's log says where the time went
 * (docs/architecture.md, "Tests").
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((module) => {
        const d = module.diagnostic();
        const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration;
        return { ms, name: module.relativeModuleId, tier: module.project.name };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const lines = rows.map(
      (row) => `  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.tier.padEnd(5)}  ${row.name}`,
    );
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
